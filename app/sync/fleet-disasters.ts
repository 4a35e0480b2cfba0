/**
 * What the fleet read (./fleet.ts) says about disasters (docs/fleet-health.md, "Disasters"): whether the service's
 * database was put back to an earlier state lately and how many tills have caught up with it, each till's recent
 * incidents (./incidents.ts), and the alerts they raise — a copy of the till using its credential, operations a
 * restore lost that the till could not send again.
 *
 * The fleet read reads the generation row and the business's incidents (one statement each) beside the terminals';
 * a fleet of thousands of tills costs no statement per till.
 */
import { sql } from 'kysely';
import type { Db } from '../context.js';
import type { Generation } from './generation.js';
import type { Incident } from './incidents.js';

/** How long after a restore the page announces it: long enough to be seen on the next Monday after a long weekend. */
export const RESTORED_DAYS = 14;
/** How far back a till's incidents are shown, and a restore's losses keep it red: a month's closing sees them. */
export const INCIDENT_DAYS = 30;
/** At most this many incidents per till: the page shows what happened, not a log (the WARNING log has them all). */
export const INCIDENTS_PER_TILL = 10;
/** The first sync protocol whose tills say which generation they synced under; older tills never will. */
const FIRST_PROTOCOL_WITH_GENERATION = 3;

const COPY = 'TILL_COPY_DETECTED';
const REWOUND = 'SERVICE_REWOUND';
const DAY_MS = 86_400_000;

export interface FleetService {
  readonly generation: string;
  readonly since: string;
  /** `created`, `restored from <backup file's name>`, or `detected: …` (docs/sync.md, "Disasters"). */
  readonly reason: string;
  readonly previous: string | null;
  /** The current generation began with a restore within RESTORED_DAYS. */
  readonly restored: boolean;
  /** Live tills a restore concerns: those that existed before it, or still carry an older generation. */
  readonly tills_affected: number;
  /** Of those, the ones that have not synced under the current generation yet. */
  readonly tills_not_reconciled: number;
}

export interface FleetIncident {
  readonly id: string;
  readonly kind: string;
  readonly occurred_at: string;
  readonly received_at: string;
  readonly detail: Incident['detail'];
}

/** What the disaster parts need of a terminal's row (the fleet read's join). */
export interface TerminalFacts {
  readonly id: string;
  readonly enrolled_at: string;
  readonly revoked_at: string | null;
  readonly install_id: string | null;
  /** terminal_health: null for a till that never pulled. */
  readonly seen_at: string | null;
  readonly protocol_version: number | null;
  readonly generation: string | null;
}

/**
 * The service's generation with its restore state. A backup's path is the service operator's, not the business's:
 * a service of many businesses shows every owner the file's name only.
 */
export function fleetService(current: Generation, terminals: readonly TerminalFacts[], now: Date): FleetService {
  const restoredAt = current.reason === 'created' ? null : current.since;
  const reason = current.reason.replace(/^(restored from ).*[/\\]/, '$1');
  let affected = 0;
  let behind = 0;
  if (restoredAt !== null) {
    for (const terminal of terminals) {
      const state = reconciliation(terminal, current.generation, restoredAt);
      if (state === 'unconcerned') continue;
      affected += 1;
      if (state === 'behind') behind += 1;
    }
  }
  return {
    generation: current.generation,
    since: current.since,
    reason,
    previous: current.previous,
    restored: restoredAt !== null && now.getTime() - Date.parse(restoredAt) <= RESTORED_DAYS * DAY_MS,
    tills_affected: affected,
    tills_not_reconciled: behind,
  };
}

/**
 * Where a live till stands after the restore at `since`. A protocol 3 till has caught up once it synced under the
 * current generation (it has counted what the service lost and queued it again; its queue shows as unsent); one that
 * reports none yet is still behind. A till of an older protocol cannot send again what the service lost: it is
 * behind until it is seen after the restore, and then no longer counted at all. A till that never pulled counts
 * when it was enrolled before the restore.
 */
function reconciliation(terminal: TerminalFacts, generation: string, since: string): 'unconcerned' | 'behind' | 'caught-up' {
  if (terminal.revoked_at !== null) return 'unconcerned';
  if (terminal.seen_at === null) return terminal.enrolled_at < since ? 'behind' : 'unconcerned';
  if ((terminal.protocol_version ?? 0) < FIRST_PROTOCOL_WITH_GENERATION) return terminal.seen_at < since ? 'behind' : 'unconcerned';
  if (terminal.generation === generation) return terminal.enrolled_at < since ? 'caught-up' : 'unconcerned';
  return 'behind';
}

/**
 * The business's incidents worth showing, by terminal, newest first: those received within INCIDENT_DAYS (at most
 * INCIDENTS_PER_TILL a till), and every copy whatever its age — a copy still at work stays news until it is dealt
 * with (`copyStillAtWork`).
 */
export async function readFleetIncidents(db: Db, businessId: string, now: Date): Promise<Map<string, FleetIncident[]>> {
  const since = new Date(now.getTime() - INCIDENT_DAYS * DAY_MS).toISOString();
  const ranked = db
    .selectFrom('terminal_incidents')
    .select([
      'terminal_id',
      'id',
      'kind',
      'detail',
      'occurred_at',
      'received_at',
      sql<number | string | bigint>`row_number() over (partition by terminal_id order by received_at desc, occurred_at desc, id desc)`.as('position'),
    ])
    .where('business_id', '=', businessId)
    .where((eb) => eb.or([eb('received_at', '>=', since), eb('kind', '=', COPY)]));
  const rows = await db
    .selectFrom(ranked.as('ranked'))
    .select(['terminal_id', 'id', 'kind', 'detail', 'occurred_at', 'received_at', 'position'])
    .where((eb) => eb.or([eb('position', '<=', INCIDENTS_PER_TILL), eb('kind', '=', COPY)]))
    .orderBy('terminal_id')
    .orderBy('position')
    .execute();
  const byTerminal = new Map<string, FleetIncident[]>();
  for (const row of rows) {
    const incident = { id: row.id, kind: row.kind, occurred_at: row.occurred_at, received_at: row.received_at, detail: parseDetail(row.detail) };
    const list = byTerminal.get(row.terminal_id);
    if (list) list.push(incident);
    else byTerminal.set(row.terminal_id, [incident]);
  }
  return byTerminal;
}

/** A detail as recorded (validated on the way in); anything else shows as none rather than failing the page. */
function parseDetail(text: string): Incident['detail'] {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Incident['detail']) : {};
  } catch {
    return {};
  }
}

/**
 * A copy of the till is still at work with its credential until the till was enrolled again after it was seen (the
 * copy's credential, issued before, is refused since) or the copy's install was connected as a till of its own (what
 * it was told to do). Whether the copy was simply switched off the service cannot tell: it stays news until then.
 */
export function copyStillAtWork(incident: FleetIncident, terminal: TerminalFacts, installs: Installs): boolean {
  if (incident.kind !== COPY) return false;
  if (terminal.enrolled_at > incident.received_at) return false;
  const install = incident.detail.installId;
  const bound = typeof install === 'string' ? (installs.get(install) ?? []) : [];
  return !bound.some((terminalId) => terminalId !== terminal.id);
}

/** Which terminals of the business each install is bound to. */
export type Installs = ReadonlyMap<string, readonly string[]>;

export function installsOf(terminals: readonly TerminalFacts[]): Installs {
  const installs = new Map<string, string[]>();
  for (const terminal of terminals) {
    if (terminal.install_id === null) continue;
    const bound = installs.get(terminal.install_id);
    if (bound) bound.push(terminal.id);
    else installs.set(terminal.install_id, [terminal.id]);
  }
  return installs;
}

/** A restore lost operations of this till that it could no longer send again (older than its journal keeps). */
export function lostInRestore(incident: FleetIncident, now: Date): boolean {
  const lost = incident.detail.lost;
  return incident.kind === REWOUND && typeof lost === 'number' && lost > 0 && now.getTime() - Date.parse(incident.received_at) <= INCIDENT_DAYS * DAY_MS;
}

/**
 * The incidents a till's row shows: the recent ones (the first INCIDENTS_PER_TILL of the list are the newest), and a
 * copy still at work however old.
 */
export function shownIncidents(incidents: readonly FleetIncident[], terminal: TerminalFacts, installs: Installs, now: Date): FleetIncident[] {
  const since = new Date(now.getTime() - INCIDENT_DAYS * DAY_MS).toISOString();
  return incidents.filter(
    (incident, index) => (index < INCIDENTS_PER_TILL && incident.received_at >= since) || copyStillAtWork(incident, terminal, installs),
  );
}
