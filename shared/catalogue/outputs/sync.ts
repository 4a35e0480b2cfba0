/**
 * Output schemas of the sync operations (docs/sync.md, shared/sync/wire.ts). Pull and bootstrap pages carry the
 * database's own row images — column names as stored, money and quantities as JSON integers of scaled units — so
 * a row is JSON by column name here; the terminal applies it by table. Warnings and errors of pushed operations
 * are the service's own (app/warnings.ts, shared/errors.ts).
 */
import { z } from 'zod';
import { count, flag, id, json, many, money, quantity, record, text, timestamp } from './kit.js';

/** One broken rule of a queued fact, applied anyway (app/warnings.ts `OperationWarning`). */
export const OperationWarningWire = z.discriminatedUnion('code', [
  record({ code: z.literal('STOCK_BELOW_ZERO'), itemId: id(), warehouseId: id(), quantity: quantity() }),
  record({ code: z.literal('DELETED_REFERENCE'), table: text(), id: id() }),
  record({ code: z.literal('EMPLOYEE_INACTIVE'), employeeId: id() }),
  record({ code: z.literal('SHIFT_CLOSED'), settlementId: id() }),
  record({ code: z.literal('SHIFT_ALREADY_CLOSED'), settlementId: id() }),
  record({ code: z.literal('CREDIT_LIMIT_EXCEEDED'), clientId: id(), balance: money(), limit: money() }),
  record({ code: z.literal('OVER_REFUND'), orderId: id(), itemId: id(), quantity: quantity() }),
  record({ code: z.literal('MODIFIER_RULES'), itemId: id(), problem: text() }),
  record({ code: z.literal('ORDER_NUMBER_TAKEN'), orderId: id(), number: text(), assigned: text() }),
]);

/** A refused operation's error body: the usual error fields, and whatever details its error carries (JSON). */
const StoredError = z.object({ code: text(), statusCode: count(), message: z.union([text(), many(text())]) }).catchall(json());

/** The outcome of one pushed operation, as this push applied it. */
export const MutationResultWire = record({
  seq: count(),
  mutationId: id(),
  status: z.enum(['applied', 'rejected']),
  result: record({ warnings: many(OperationWarningWire).optional(), error: StoredError.optional() }),
});

/**
 * The outcome of one pushed operation as a pull relays it: the result as it was stored, possibly by an older
 * service (other warning codes, fewer fields), so only its JSON-ness is fixed; null when nothing was recorded.
 */
export const StoredMutationResultWire = MutationResultWire.extend({ result: json() });

const RowImage = z.record(z.string(), json());

/** Protocol 3: where the service stands in one of the terminal's queues (app/sync/generation.ts). */
const QueuePositionWire = record({ epoch: text(), lastAppliedSeq: count() });

/** Protocol 3: this request came from a copy of the till (server/sync/installs.ts). */
const CopyNoticeWire = record({ detectedAt: timestamp() });

export const PullResponseWire = record({
  protocolVersion: count(),
  cursor: text().nullable(),
  fromVersion: count().nullable(),
  upToVersion: count().nullable(),
  headVersion: count(),
  hasMore: flag(),
  ack: record({ epoch: text(), lastAppliedSeq: count() }).nullable(),
  mutationResults: many(StoredMutationResultWire),
  changes: many(record({ v: count(), t: text(), row: RowImage, fields: many(text()).nullable() })),
  reset: record({
    reason: z.enum(['BOOTSTRAP_REQUIRED', 'CURSOR_INVALID', 'CURSOR_AHEAD', 'CURSOR_BEFORE_RETENTION', 'SCOPE_CHANGED', 'SERVICE_REWOUND']),
    bootstrapFrom: count(),
    tables: many(text()).nullable(),
    generation: text().optional(),
    queues: many(QueuePositionWire).optional(),
  }).nullable(),
  serverTime: timestamp(),
  generation: text().optional(),
  queues: many(QueuePositionWire).optional(),
  incidentsRecorded: many(text()).optional(),
  copy: CopyNoticeWire.optional(),
});

export const PushResponseWire = record({
  protocolVersion: count(),
  terminalId: id(),
  epoch: text(),
  lastAppliedSeq: count(),
  version: count(),
  results: many(MutationResultWire),
  serverTime: timestamp(),
  generation: text().optional(),
  copy: CopyNoticeWire.optional(),
});

export const BootstrapResponseWire = record({
  protocolVersion: count(),
  snapshotVersion: count(),
  cursor: text(),
  table: text().nullable(),
  rows: many(record({ v: count(), row: RowImage })),
  nextPageToken: text().nullable(),
  done: flag(),
  progress: record({
    table: text().nullable(),
    rowsDone: count(),
    rowsTotal: count(),
    tables: many(record({ table: text(), rowsTotal: count() })),
  }),
  generation: text().optional(),
});

export const EnrollResponseWire = record({
  terminalId: id(),
  accessToken: text(),
  businessId: id(),
  businessName: text().optional(),
  workplaceId: id(),
  pointId: id(),
  warehouseIds: many(id()),
  allWarehouses: flag(),
  protocolVersion: count(),
  minProtocolVersion: count(),
  generation: text().optional(),
});

/** An enrolled terminal as the back office lists it (never its credential). */
export const TerminalWire = record({
  id: id(),
  name: text().nullable(),
  workplace_id: id(),
  automated_point_id: id(),
  enrolled_at: timestamp(),
  enrolled_by: text(),
  is_revoked: flag(),
  revoked_at: timestamp().nullable(),
  revoked_by: text().nullable(),
  dt_created: timestamp(),
  dt_updated: timestamp(),
});

/** An operation a revoked terminal pushed: kept for the back office, never applied. */
export const RefusedOperationWire = record({
  terminal_id: id(),
  terminal_name: text().nullable(),
  mutation_id: id(),
  epoch: text(),
  seq: count(),
  name: text(),
  employee_id: id().nullable(),
  occurred_at: timestamp(),
  reason: text(),
  received_at: timestamp(),
  params: json(),
  args: json(),
  basis: json(),
});

/** The console's fleet page (app/sync/fleet.ts): every till of the business with its last health report. */
/** Something that went wrong at a till or was found about it (app/sync/incidents.ts); `detail` as it was recorded. */
const FleetIncidentWire = record({
  id: text(),
  kind: text(),
  occurred_at: timestamp(),
  received_at: timestamp(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});

const FleetWire = record({
  now: timestamp(),
  unsent_minutes: count(),
  unseen_minutes: count(),
  /** The database's generation and whether a restore put it back lately (app/sync/fleet-disasters.ts). */
  service: record({
    generation: text(),
    since: timestamp(),
    reason: text(),
    previous: text().nullable(),
    restored: flag(),
    tills_affected: count(),
    tills_not_reconciled: count(),
  }),
  terminals: many(
    record({
      id: id(),
      name: text().nullable(),
      workplace_id: id(),
      workplace_name: text().nullable(),
      automated_point_id: id().nullable(),
      point_name: text().nullable(),
      enrolled_at: timestamp(),
      is_revoked: flag(),
      revoked_at: timestamp().nullable(),
      last_seen_at: timestamp().nullable(),
      health: record({
        reported_at: timestamp(),
        protocol_version: count(),
        app_version: text().nullable(),
        os: text().nullable(),
        outbox_depth: count(),
        oldest_unsent_age_seconds: count().nullable(),
        needs_attention: count(),
        last_sync_error: record({ message: text(), at: timestamp().nullable() }).nullable(),
        printer: record({ status: text(), detail: text().nullable() }).nullable(),
        clock_skew_seconds: count().nullable(),
      }).nullable(),
      incidents: many(FleetIncidentWire),
      alerts: many(z.enum(['UNSENT_TOO_OLD', 'NOT_SEEN', 'CLOCK_WRONG', 'COPY_DETECTED', 'RESTORE_LOSS'])),
    }),
  ),
});

export const syncOutputs = {
  SyncController_fleet: FleetWire,
  /** The code itself is shown once, here; the audit keeps only its id. */
  SyncController_createEnrollmentCode: record({ id: id(), code: text(), workplace_id: id(), expires_at: timestamp(), dt_created: timestamp() }),
  SyncController_enroll: EnrollResponseWire,
  SyncController_listTerminals: many(TerminalWire),
  SyncController_revokeTerminal: TerminalWire,
  SyncController_pull: PullResponseWire,
  SyncController_push: PushResponseWire,
  SyncController_listRefusedOperations: many(RefusedOperationWire),
  SyncController_bootstrap: BootstrapResponseWire,
  /** A `text/event-stream`: `hello`, then `poke` events and heartbeat comments (server/sync/pokes-stream.ts). */
  SyncController_pokes: z.string(),
} as const;
