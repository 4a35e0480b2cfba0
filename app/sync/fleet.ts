/**
 * The console's fleet page read (docs/fleet-health.md): every terminal of the business — revoked ones too, marked
 * — with its workplace and point, its last health report and what needs a person's eye. A till is marked when its
 * oldest unsent operation is older than `unsentMinutes` (its sales are not reaching the office) or when it has not
 * been seen for `unseenMinutes` (switched off, offline, or broken), or when its last report says its clock is
 * wrong (its sales are dated by the service's time meanwhile, but someone should set it right), when a copy of it
 * is at work with its credential, or when a restore lost operations it could not send again (./fleet-disasters.ts,
 * which also says whether the service was restored and how many tills have caught up); revoked tills are never
 * marked.
 */
import type { Db } from '../context.js';
import { readGeneration } from './generation.js';
import {
  copyStillAtWork,
  installsOf,
  lostInRestore,
  fleetService,
  readFleetIncidents,
  shownIncidents,
  type FleetIncident,
  type FleetService,
} from './fleet-disasters.js';

export const DEFAULT_UNSENT_MINUTES = 30;
export const DEFAULT_UNSEEN_MINUTES = 60;

export type FleetAlert = 'UNSENT_TOO_OLD' | 'NOT_SEEN' | 'CLOCK_WRONG' | 'COPY_DETECTED' | 'RESTORE_LOSS';

export interface FleetTerminal {
  readonly id: string;
  readonly name: string | null;
  readonly workplace_id: string;
  readonly workplace_name: string | null;
  readonly automated_point_id: string | null;
  readonly point_name: string | null;
  readonly enrolled_at: string;
  readonly is_revoked: boolean;
  readonly revoked_at: string | null;
  /** The service's time of the last pull, null if it never pulled. */
  readonly last_seen_at: string | null;
  /** Null until a protocol 2 till reported; the report as it came, with the oldest unsent age brought up to now. */
  readonly health: {
    readonly reported_at: string;
    readonly protocol_version: number;
    readonly app_version: string | null;
    readonly os: string | null;
    readonly outbox_depth: number;
    readonly oldest_unsent_age_seconds: number | null;
    readonly needs_attention: number;
    readonly last_sync_error: { readonly message: string; readonly at: string | null } | null;
    readonly printer: { readonly status: string; readonly detail: string | null } | null;
    /** How far the till's OS clock was off when it reported (positive: ahead), while off by more than 2 minutes. */
    readonly clock_skew_seconds: number | null;
  } | null;
  /** Its incidents of the last INCIDENT_DAYS, newest first (bounded), and a copy still at work however old. */
  readonly incidents: readonly FleetIncident[];
  readonly alerts: readonly FleetAlert[];
}

export interface Fleet {
  readonly now: string;
  readonly unsent_minutes: number;
  readonly unseen_minutes: number;
  /** The database's generation, and whether a restore lately put it back (the page's banner). */
  readonly service: FleetService;
  readonly terminals: readonly FleetTerminal[];
}

const toNumber = (value: bigint | number | string | null): number | null => (value === null ? null : Number(value));

export async function readFleet(db: Db, businessId: string, options: { now: Date; unsentMinutes?: number; unseenMinutes?: number }): Promise<Fleet> {
  const unsentMinutes = options.unsentMinutes ?? DEFAULT_UNSENT_MINUTES;
  const unseenMinutes = options.unseenMinutes ?? DEFAULT_UNSEEN_MINUTES;
  const nowMs = options.now.getTime();
  const reading = db
    .selectFrom('terminals as t')
    .leftJoin('workplaces as w', (join) => join.onRef('w.business_id', '=', 't.business_id').onRef('w.id', '=', 't.workplace_id'))
    .leftJoin('points as p', (join) => join.onRef('p.business_id', '=', 'w.business_id').onRef('p.id', '=', 'w.automated_point_id'))
    .leftJoin('terminal_health as h', (join) => join.onRef('h.business_id', '=', 't.business_id').onRef('h.terminal_id', '=', 't.id'))
    .select([
      't.id', 't.name', 't.workplace_id', 'w.name as workplace_name', 'w.automated_point_id', 'p.name as point_name', 't.enrolled_at', 't.revoked_at',
      't.install_id', 'h.generation', 'h.seen_at', 'h.reported_at', 'h.protocol_version', 'h.app_version', 'h.os', 'h.outbox_depth', 'h.oldest_unsent_age_seconds',
      'h.needs_attention', 'h.last_sync_error', 'h.last_sync_error_at', 'h.printer_status', 'h.printer_detail', 'h.clock_skew_seconds',
    ])
    .where('t.business_id', '=', businessId)
    .orderBy('t.enrolled_at')
    .orderBy('t.id')
    .execute();
  const [rows, incidentsOf, generation] = await Promise.all([reading, readFleetIncidents(db, businessId, options.now), readGeneration(db)]);
  const facts = rows.map((row) => ({ ...row, seen_at: row.seen_at ?? null, protocol_version: row.protocol_version === null ? null : Number(row.protocol_version), generation: row.generation ?? null }));
  const installs = installsOf(facts);
  const terminals = facts.map((row): FleetTerminal => {
    const reportedMs = row.reported_at ? Date.parse(row.reported_at) : NaN;
    const reportedAge = toNumber(row.oldest_unsent_age_seconds);
    const unsentAge = reportedAge === null || Number.isNaN(reportedMs) ? null : reportedAge + Math.max(0, Math.floor((nowMs - reportedMs) / 1000));
    const health = row.reported_at
      ? {
          reported_at: row.reported_at,
          protocol_version: Number(row.protocol_version),
          app_version: row.app_version,
          os: row.os,
          outbox_depth: toNumber(row.outbox_depth) ?? 0,
          oldest_unsent_age_seconds: unsentAge,
          needs_attention: toNumber(row.needs_attention) ?? 0,
          last_sync_error: row.last_sync_error === null ? null : { message: row.last_sync_error, at: row.last_sync_error_at },
          printer: row.printer_status === null ? null : { status: row.printer_status, detail: row.printer_detail },
          clock_skew_seconds: toNumber(row.clock_skew_seconds),
        }
      : null;
    const incidents = shownIncidents(incidentsOf.get(row.id) ?? [], row, installs, options.now);
    const alerts: FleetAlert[] = [];
    if (row.revoked_at === null) {
      if (unsentAge !== null && unsentAge > unsentMinutes * 60) alerts.push('UNSENT_TOO_OLD');
      const seenMs = row.seen_at ? Date.parse(row.seen_at) : Date.parse(row.enrolled_at);
      if (nowMs - seenMs > unseenMinutes * 60_000) alerts.push('NOT_SEEN');
      if (health?.clock_skew_seconds != null) alerts.push('CLOCK_WRONG');
      if (incidents.some((incident) => copyStillAtWork(incident, row, installs))) alerts.push('COPY_DETECTED');
      if (incidents.some((incident) => lostInRestore(incident, options.now))) alerts.push('RESTORE_LOSS');
    }
    return {
      id: row.id,
      name: row.name,
      workplace_id: row.workplace_id,
      workplace_name: row.workplace_name ?? null,
      automated_point_id: row.automated_point_id ?? null,
      point_name: row.point_name ?? null,
      enrolled_at: row.enrolled_at,
      is_revoked: row.revoked_at !== null,
      revoked_at: row.revoked_at,
      last_seen_at: row.seen_at ?? null,
      health,
      incidents,
      alerts,
    };
  });
  const service = fleetService(generation, facts, options.now);
  return { now: options.now.toISOString(), unsent_minutes: unsentMinutes, unseen_minutes: unseenMinutes, service, terminals };
}
