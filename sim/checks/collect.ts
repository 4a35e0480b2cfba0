/**
 * Reads what the checkers judge, after the run: the service's database (its own engine, through kysely), each
 * terminal's SQLite file, and the histories. Values are normalised to text (or null) so rows from PostgreSQL and
 * SQLite compare equal when they hold the same data.
 */
import { sql, type Kysely } from 'kysely';
import { CAPTURED_TABLES } from '../../db/change-capture.js';
import { openDatabase, type DatabaseHandle } from '../../db/connect.js';
import type { BackOfficeEvent } from '../back-office.js';
import type { DisasterRecord } from '../disasters.js';
import { readHistory, type HistoryEvent } from '../history.js';
import type { Protocol } from '../terminal-config.js';
import type { SimTerminalSeat, SimWorld } from '../world.js';

export type Row = Record<string, string | null>;

export function normalise(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'bigint' || typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

const normaliseRow = (row: Record<string, unknown>): Row => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, normalise(value)]));

export interface ServerMutation {
  readonly terminalId: string;
  readonly epoch: string;
  readonly seq: number;
  readonly mutationId: string;
  readonly name: string;
  readonly args: { args: any; params: Record<string, string> | null; basis: { value: string } | null };
  readonly occurredAt: string | null;
  readonly status: string;
  readonly result: string | null;
  readonly version: bigint | null;
}

export interface ServerState {
  readonly mutations: ServerMutation[];
  readonly clients: { terminalId: string; epoch: string; lastAppliedSeq: number }[];
  /** Every mirrored table's rows of the business, normalised. */
  readonly tables: Map<string, Row[]>;
  readonly moveIds: { id: string; itemId: string; warehouseId: string; delta: bigint }[];
  readonly txnIds: { id: string; clientId: string; amount: bigint }[];
  /** The change log's retention floor (0: none yet) and its newest version. */
  readonly retention: { floor: bigint; head: bigint };
  /** The business's WARNING log entries (the office's `GET /logs/all?type=WARNING`), details parsed. */
  readonly warnings: { action: string; details: Record<string, unknown> }[];
  /** What tills reported and what the service found about them (`terminal_incidents`). */
  readonly incidents: { terminalId: string; id: string; kind: string; detail: Record<string, unknown> }[];
  /** The database's generation at the end. */
  readonly generation: string;
  /** Each till's last health report as the fleet page shows it: how far its clock was off (null: it was not). */
  readonly health: { terminalId: string; clockSkewSeconds: number | null }[];
}

/** An incident a till keeps (main/terminal/incidents.ts). */
export interface TillIncidentRow {
  readonly id: string;
  readonly kind: string;
  readonly detail: Record<string, unknown>;
  readonly reportedAt: string | null;
}

export interface TerminalState {
  readonly seat: SimTerminalSeat;
  readonly terminalId: string | null;
  readonly epoch: string | null;
  readonly outbox: Row[];
  readonly inbox: Row[];
  readonly tables: Map<string, Row[]>;
  readonly columns: Map<string, string[]>;
  readonly history: HistoryEvent[];
  readonly incidents: TillIncidentRow[];
}

export interface Liveness {
  readonly seat: string;
  readonly drained: boolean;
  readonly pending: number;
  readonly ms: number;
  readonly lastError: string | null;
  readonly pulled: boolean;
}

export interface CheckInput {
  readonly protocol: Protocol;
  readonly world: SimWorld;
  readonly server: ServerState;
  readonly terminals: TerminalState[];
  readonly backOffice: readonly BackOfficeEvent[];
  readonly liveness: readonly Liveness[];
  readonly drainBoundMs: number;
  /** Processes that died without the nemesis killing them. */
  readonly crashes: readonly string[];
  /** What the disasters of the run did (./disasters.ts); none without `--disasters`. */
  readonly disasters: readonly DisasterRecord[];
}

async function tableRows(db: Kysely<unknown>, table: string, businessId: string): Promise<Row[]> {
  const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)} where business_id = ${businessId} order by id`.execute(db)).rows;
  return rows.map(normaliseRow);
}

export async function readServer(databaseUrl: string, businessId: string): Promise<ServerState> {
  const handle: DatabaseHandle = openDatabase(databaseUrl);
  const db = handle.db as unknown as Kysely<unknown>;
  try {
    const mutations = (
      await sql<any>`select terminal_id, epoch, seq, mutation_id, name, args, occurred_at, status, result, version from sync_mutations
                      where business_id = ${businessId} order by terminal_id, epoch, seq`.execute(db)
    ).rows.map(
      (row): ServerMutation => ({
        terminalId: row.terminal_id,
        epoch: row.epoch,
        seq: Number(row.seq),
        mutationId: row.mutation_id,
        name: row.name,
        args: JSON.parse(row.args),
        occurredAt: row.occurred_at ?? null,
        status: row.status,
        result: row.result ?? null,
        version: row.version === null ? null : BigInt(row.version),
      }),
    );
    const clients = (await sql<any>`select terminal_id, epoch, last_applied_seq from sync_clients where business_id = ${businessId}`.execute(db)).rows.map((row) => ({
      terminalId: row.terminal_id as string,
      epoch: row.epoch as string,
      lastAppliedSeq: Number(row.last_applied_seq),
    }));
    const tables = new Map<string, Row[]>();
    for (const table of Object.keys(CAPTURED_TABLES)) tables.set(table, await tableRows(db, table, businessId));
    const moveIds = (await sql<any>`select id, item_id, warehouse_id, delta from stock_moves where business_id = ${businessId}`.execute(db)).rows.map((row) => ({
      id: row.id as string,
      itemId: row.item_id as string,
      warehouseId: row.warehouse_id as string,
      delta: BigInt(row.delta),
    }));
    const txnIds = (await sql<any>`select id, client_id, amount from client_debt_txns where business_id = ${businessId}`.execute(db)).rows.map((row) => ({
      id: row.id as string,
      clientId: row.client_id as string,
      amount: BigInt(row.amount),
    }));
    const retention = (
      await sql<any>`select coalesce((select floor from sync_retention where business_id = ${businessId}), 0) as floor,
                            coalesce((select max(version) from sync_log where business_id = ${businessId}), 0) as head`.execute(db)
    ).rows[0];
    const parse = (text: unknown): Record<string, unknown> => {
      try {
        return (JSON.parse(String(text)) as Record<string, unknown> | null) ?? {};
      } catch {
        return {};
      }
    };
    const warnings = (await sql<any>`select action, details from audit_log where business_id = ${businessId} and type = 'WARNING' order by dt_created, id`.execute(db)).rows.map((row) => ({
      action: row.action as string,
      details: parse(row.details),
    }));
    const incidents = (await sql<any>`select terminal_id, id, kind, detail from terminal_incidents where business_id = ${businessId} order by received_at, id`.execute(db)).rows.map((row) => ({
      terminalId: row.terminal_id as string,
      id: row.id as string,
      kind: row.kind as string,
      detail: parse(row.detail),
    }));
    const generation = ((await sql<any>`select generation from sync_generation where id = 1`.execute(db)).rows[0]?.generation as string | undefined) ?? '';
    const health = (await sql<any>`select terminal_id, clock_skew_seconds from terminal_health where business_id = ${businessId}`.execute(db)).rows.map((row) => ({
      terminalId: row.terminal_id as string,
      clockSkewSeconds: row.clock_skew_seconds === null ? null : Number(row.clock_skew_seconds),
    }));
    return { mutations, clients, tables, moveIds, txnIds, retention: { floor: BigInt(retention.floor), head: BigInt(retention.head) }, warnings, incidents, generation, health };
  } finally {
    await handle.close();
  }
}

export async function readTerminal(seat: SimTerminalSeat, file: string, historyFile: string, businessId: string): Promise<TerminalState> {
  const handle = openDatabase(file);
  const db = handle.db as unknown as Kysely<unknown>;
  try {
    const meta = new Map((await sql<{ key: string; value: string }>`select key, value from terminal_meta`.execute(db)).rows.map((row) => [row.key, row.value]));
    const outbox = (await sql<Record<string, unknown>>`select * from outbox order by seq`.execute(db)).rows.map(normaliseRow);
    const inbox = (await sql<Record<string, unknown>>`select * from inbox order by seq`.execute(db)).rows.map(normaliseRow);
    const tables = new Map<string, Row[]>();
    const columns = new Map<string, string[]>();
    for (const table of Object.keys(CAPTURED_TABLES)) {
      columns.set(table, (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((row) => row.name));
      tables.set(table, await tableRows(db, table, businessId));
    }
    const incidents = (await sql<{ id: string; kind: string; detail: string; reported_at: string | null }>`select id, kind, detail, reported_at from incidents order by occurred_at, id`.execute(db)).rows.map(
      (row): TillIncidentRow => ({ id: row.id, kind: row.kind, detail: JSON.parse(row.detail) as Record<string, unknown>, reportedAt: row.reported_at }),
    );
    return { seat, terminalId: meta.get('terminal_id') ?? null, epoch: meta.get('epoch') ?? null, outbox, inbox, tables, columns, history: readHistory(historyFile), incidents };
  } finally {
    await handle.close();
  }
}
