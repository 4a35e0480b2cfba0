/**
 * What went wrong at this till that people must hear of (docs/sync.md, "Disasters"): the service restored from an
 * older backup and what the till sent again or could not; its clock found wrong; … Each is kept here until both the
 * service has recorded it (sent with the next pulls, app/sync/incidents.ts: a WARNING entry in the office's log and
 * the console's fleet page) and a person at the till has seen it (the till's screen shows it in its language).
 */
import { sql, type Kysely } from 'kysely';
import { randomToken } from '../../shared/ids.js';

export type IncidentDetail = Readonly<Record<string, string | number | boolean | null>>;

export interface TillIncident {
  readonly id: string;
  readonly kind: string;
  readonly occurredAt: string;
  readonly detail: IncidentDetail;
  readonly reportedAt: string | null;
}

interface Row {
  id: string;
  kind: string;
  detail: string;
  occurred_at: string;
  reported_at: string | null;
}

const toIncident = (row: Row): TillIncident => ({ id: row.id, kind: row.kind, occurredAt: row.occurred_at, detail: JSON.parse(row.detail) as IncidentDetail, reportedAt: row.reported_at });

/** Keeps a new incident, in the caller's transaction. */
export async function noteIncident(local: Kysely<unknown>, kind: string, detail: IncidentDetail, at: Date): Promise<string> {
  const id = randomToken();
  await sql`insert into incidents (id, kind, detail, occurred_at) values (${id}, ${kind}, ${JSON.stringify(detail)}, ${at.toISOString()})`.execute(local);
  return id;
}

/** Incidents the service has not recorded yet, oldest first (a pull carries at most `limit`). */
export async function unreportedIncidents(local: Kysely<unknown>, limit = 20): Promise<TillIncident[]> {
  return (await sql<Row>`select * from incidents where reported_at is null order by occurred_at, id limit ${limit}`.execute(local)).rows.map(toIncident);
}

export async function markReported(local: Kysely<unknown>, ids: readonly string[], at: Date): Promise<void> {
  for (const id of ids) await sql`update incidents set reported_at = ${at.toISOString()} where id = ${id} and reported_at is null`.execute(local);
}

/** Incidents nobody at the till has marked seen, newest first. */
export async function unseenIncidents(local: Kysely<unknown>): Promise<TillIncident[]> {
  return (await sql<Row>`select * from incidents where seen_at is null order by occurred_at desc, id`.execute(local)).rows.map(toIncident);
}

/** An employee has read it; false when there was no such unseen incident. */
export async function markSeen(local: Kysely<unknown>, id: string, employeeId: string, at: Date): Promise<boolean> {
  const updated = await sql`update incidents set seen_by = ${employeeId}, seen_at = ${at.toISOString()} where id = ${id} and seen_at is null`.execute(local);
  return Number(updated.numAffectedRows ?? 0n) === 1;
}
