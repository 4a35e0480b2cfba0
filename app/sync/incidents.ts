/**
 * Incidents: what went wrong at a till, or was found about it, said aloud to the office (docs/sync.md,
 * "Disasters"). A till reports its own with its pulls (the service restored from an older backup and what the till
 * sent again or could not; its clock found wrong), each under an id of its making; the service records a copy of a
 * till it detects itself. Each is recorded once (its id is the key, so a till repeating a report it did not hear
 * back about adds nothing), with a WARNING entry in the business's log (GET /logs/all?type=WARNING), and the
 * console's fleet page shows the recent ones beside their till.
 */
import type { IncidentDto } from '../../shared/catalogue/sync.js';
import { writeAuditEntries } from '../audit.js';
import type { Db } from '../context.js';

export interface Incident {
  readonly id: string;
  readonly kind: string;
  readonly occurredAt: string;
  readonly detail: Readonly<Record<string, string | number | boolean | null>>;
}

export interface RecordedIncident extends Incident {
  readonly terminalId: string;
  readonly receivedAt: string;
}

/**
 * Records the incidents not recorded yet, with a WARNING log entry each, in the caller's transaction; answers those
 * that were new. `action` is the log entry's action: the incident's kind, prefixed for the ones the service found.
 */
export async function recordIncidents(
  tx: Db,
  businessId: string,
  terminalId: string,
  incidents: readonly (Incident | IncidentDto)[],
  receivedAt: string,
): Promise<Incident[]> {
  if (incidents.length === 0) return [];
  const rows = incidents.map((incident) => ({
    business_id: businessId,
    terminal_id: terminalId,
    id: incident.id,
    kind: incident.kind,
    detail: JSON.stringify(incident.detail),
    occurred_at: incident.occurredAt,
    received_at: receivedAt,
  }));
  const inserted = await tx
    .insertInto('terminal_incidents')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['business_id', 'terminal_id', 'id']).doNothing())
    .returning('id')
    .execute();
  const fresh = new Set(inserted.map((row) => row.id));
  const recorded = incidents.filter((incident) => fresh.has(incident.id));
  await writeAuditEntries(
    tx,
    recorded.map((incident) => ({
      businessId,
      userId: null,
      type: 'WARNING',
      action: incident.kind,
      details: { terminalId, incidentId: incident.id, occurredAt: incident.occurredAt, ...incident.detail },
      at: receivedAt,
    })),
  );
  return recorded;
}

/** The business's incidents received since `since` (ISO), newest first, at most `limit`. */
export async function recentIncidents(db: Db, businessId: string, since: string, limit = 200): Promise<RecordedIncident[]> {
  const rows = await db
    .selectFrom('terminal_incidents')
    .select(['terminal_id', 'id', 'kind', 'detail', 'occurred_at', 'received_at'])
    .where('business_id', '=', businessId)
    .where('received_at', '>=', since)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    terminalId: row.terminal_id,
    id: row.id,
    kind: row.kind,
    occurredAt: row.occurred_at,
    receivedAt: row.received_at,
    detail: JSON.parse(row.detail) as Incident['detail'],
  }));
}
