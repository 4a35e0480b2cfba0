/**
 * The answers of the sync operations, as the terminal receives them (docs/sync.md has the examples). Rows are
 * the database's own images — column names as stored, money and quantities as JSON integers of scaled units,
 * flags as 0/1 — so parse them with `parseExactJson` (./exact-json.ts) or hand them to SQLite's JSON functions.
 */

/** Why a pull cannot continue from the terminal's cursor; the terminal bootstraps and resumes from there. */
export type ResetReason =
  /** No cursor yet: the terminal has never bootstrapped. */
  | 'BOOTSTRAP_REQUIRED'
  /** The cursor is not one this service issued (garbage, or a format it no longer reads). */
  | 'CURSOR_INVALID'
  /** The cursor is ahead of the service's log (e.g. the service's database was restored from a backup). */
  | 'CURSOR_AHEAD'
  /** The log no longer holds everything after the cursor (compaction). */
  | 'CURSOR_BEFORE_RETENTION'
  /** The terminal's scope (point or warehouses) changed since the cursor was issued. */
  | 'SCOPE_CHANGED'
  /**
   * The service's database was put back to an earlier state (another generation than the till's): the till sends
   * again what `queues` says the service no longer holds, then downloads its data again (docs/sync.md, "Disasters").
   */
  | 'SERVICE_REWOUND';

/** The last operation of one of the terminal's queues (terminal, epoch) that the service holds. */
export interface QueuePosition {
  readonly epoch: string;
  readonly lastAppliedSeq: number;
}

export interface PullReset {
  readonly reason: ResetReason;
  /** The service's version when it answered; the bootstrap the terminal runs records one at least this high. */
  readonly bootstrapFrom: number;
  /** The tables to bootstrap again; null for every table (the only answer so far). */
  readonly tables: string[] | null;
  /** Protocol 3: the service's generation. */
  readonly generation?: string;
  /** Protocol 3, with `SERVICE_REWOUND` and `CURSOR_AHEAD`: where the service stands in each of the terminal's queues. */
  readonly queues?: QueuePosition[];
}

/**
 * Protocol 3: the service found this till's credential used by another install than the one it is bound to — this
 * till is a copy of another one (its data directory copied to a second machine). It still delivers what it holds;
 * it takes no new operations until it is enrolled as a new till.
 */
export interface CopyNotice {
  readonly detectedAt: string;
}

/**
 * One change-log entry: the row's post-image (a delete is `is_deleted: 1`) at business version `v`. A transaction
 * that wrote a row twice logs both images under its one version, in write order; apply an entry when its version
 * is at least the one held (a page never splits a version, so the last image of a version wins).
 */
export interface ChangeEntry<Row = Record<string, unknown>> {
  readonly v: number | bigint;
  /** The table, as stored (`items`, `stock_levels`, …). */
  readonly t: string;
  readonly row: Row;
  /** The columns an update changed (for field-level merges); null for an insert. */
  readonly fields: string[] | null;
}

/** The stored outcome of one pushed operation. */
export interface MutationResult {
  readonly seq: number | bigint;
  readonly mutationId: string;
  readonly status: 'applied' | 'rejected';
  /** `{warnings: […]}` when applied, `{error: {code, message, …}}` when rejected; null when nothing was recorded. */
  readonly result: unknown;
}

export interface PullResponse {
  readonly protocolVersion: number;
  /** The cursor to send next; null with a reset. */
  readonly cursor: string | null;
  readonly fromVersion: number | null;
  /** Everything in scope up to this version is in this page or earlier ones; null with a reset. */
  readonly upToVersion: number | null;
  readonly headVersion: number;
  /** True when the log holds versions after `upToVersion`: pull again at once. */
  readonly hasMore: boolean;
  /** The last operation of (terminal, epoch) whose effects are included up to `upToVersion`; null with a reset. */
  readonly ack: { readonly epoch: string; readonly lastAppliedSeq: number } | null;
  /** Results of the operations after `knownAck`, up to `ack.lastAppliedSeq`, in order. */
  readonly mutationResults: MutationResult[];
  /** In (version, ord) order; a version is never split across pages. */
  readonly changes: ChangeEntry[];
  readonly reset: PullReset | null;
  /** The service's clock when it answered (ISO); a till checks its own clock against it. Absent from older services. */
  readonly serverTime?: string;
  /** Protocol 3: the service's generation (also inside the cursor). */
  readonly generation?: string;
  /** Protocol 3, when the pull asked (`wantQueues`): where the service stands in each of the terminal's queues. */
  readonly queues?: QueuePosition[];
  /** Protocol 3: the ids of the incidents this pull carried that the service has recorded. */
  readonly incidentsRecorded?: string[];
  /** Protocol 3: this till is a copy of another one (see CopyNotice); absent otherwise. */
  readonly copy?: CopyNotice;
}

export interface BootstrapRow<Row = Record<string, unknown>> {
  /** The latest version at which the row was logged (0 when it predates the log). */
  readonly v: number | bigint;
  readonly row: Row;
}

export interface BootstrapResponse {
  readonly protocolVersion: number;
  /** The service's version when the bootstrap began (first page); constant across its pages. */
  readonly snapshotVersion: number;
  /** The cursor to pull from once `done`: the snapshot's version in the terminal's scope. */
  readonly cursor: string;
  /** The table of this page's rows; null on a final page with no rows. */
  readonly table: string | null;
  readonly rows: BootstrapRow[];
  readonly nextPageToken: string | null;
  readonly done: boolean;
  readonly progress: {
    readonly table: string | null;
    readonly rowsDone: number;
    readonly rowsTotal: number;
    /** Every table of this bootstrap, in order, with its row count at the snapshot. */
    readonly tables: { readonly table: string; readonly rowsTotal: number }[];
  };
}

/** What enrollment answers: the device credential and the scope it grants. */
export interface EnrollResponse {
  readonly terminalId: string;
  readonly accessToken: string;
  readonly businessId: string;
  /** The business's name, shown on the till's sign-in screen (absent from services before it was added). */
  readonly businessName?: string;
  readonly workplaceId: string;
  readonly pointId: string;
  /** The warehouses whose stock the terminal receives. */
  readonly warehouseIds: string[];
  /** True while the point has no default warehouse: every warehouse of the business is in scope. */
  readonly allWarehouses: boolean;
  readonly protocolVersion: number;
  readonly minProtocolVersion: number;
  /** Protocol 3: the service's generation, which the till carries from now on. */
  readonly generation?: string;
}
