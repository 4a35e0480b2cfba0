/**
 * What an operation knows about its call: the tenant, the actor, the time and where it runs. Built by the
 * server from a verified token, or by the terminal core from the logged-in employee — never from the body.
 */
import type { CompiledQuery, Insertable, Kysely, QueryResult } from 'kysely';
import type { Role } from '../shared/catalogue/operation.js';
import type { Right } from '../shared/rights.js';
import type { Database } from '../db/schema.js';
import type { QueuedRun } from './warnings.js';

export interface Actor {
  /** A business user (owner/admin), a cashier logged in by PIN, the platform administrator, or an enrolled terminal. */
  readonly kind: 'user' | 'employee' | 'admin' | 'terminal';
  readonly id: string;
  readonly role: Role;
  /** For employees: the workplace they logged in at, and its point. */
  readonly workplaceId?: string;
  readonly pointId?: string;
  /**
   * For employees: the rights their live role grants (shared/rights.ts), when whoever built the actor has already
   * read them (a push reads them with its employees, once per push). Absent: the role matrix reads them when an
   * operation needs one (app/security/rights.ts).
   */
  readonly rights?: ReadonlySet<Right>;
}

export interface OperationContext {
  /** The tenant. Every query of an operation filters by it. */
  readonly businessId: string;
  readonly actor: Actor;
  /** The operation's time as an ISO string, fixed for the whole operation (one clock read). */
  readonly now: string;
  readonly side: 'server' | 'terminal';
  /** New record ids (UUIDv7). */
  newId(): string;
  /**
   * For an absolute edit replayed from a terminal's queue (a sync push): the value the user saw when they typed
   * the new one, in scaled units. The edit then moves the stored value by (new − seen), so changes that reached
   * the service meanwhile (other tills' sales) are kept rather than overwritten. Absent for a live REST call,
   * where the stored value is what the user saw.
   */
  readonly basis?: { readonly value: bigint };
  /**
   * Set when the operation is a queued one — replayed from a terminal's push, or run at a till — with its offline
   * class and the warnings it collects (app/warnings.ts). Absent for a live REST call.
   */
  readonly queued?: QueuedRun;
  /**
   * The write in progress, with the work deferred to the end of its transaction (app/write.ts): set by
   * `runWriteInTransaction` for the handler's run, absent outside a write (a read, a direct call), where deferred
   * work is done at once.
   */
  readonly write?: WriteInProgress;
}

/** What an operation may defer to the end of its write; implemented by `OperationWrite` (app/write.ts). */
export interface WriteInProgress {
  /** Runs `step` among the transaction's last statements, in the order steps were deferred. */
  defer(step: () => Promise<void>): Promise<void>;
  /** Gathers work of one `kind` over the operation into one deferred step (`close`), opened by the first call. */
  gather<T>(kind: symbol, open: () => T, add: (gathering: T) => void, close: (gathering: T) => Promise<void>): Promise<void>;
  /** Inserts rows the operation will not read back, possibly later in the same transaction. */
  insertLater<T extends keyof Database & string>(table: T, rows: readonly Insertable<Database[T]>[]): Promise<void>;
  /** Runs a statement whose result nothing reads (an update of a row this write made), possibly later, as inserts are. */
  runLater(query: CompiledQuery): Promise<void>;
  /** Runs `query` with the waiting inserts in front of it, in one statement. */
  carry<R>(query?: CompiledQuery<R>): Promise<QueryResult<R> | QueryResult<unknown> | undefined>;
}

/** A database handle inside the operation's transaction. */
export type Db = Kysely<Database>;
