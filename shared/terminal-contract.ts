/**
 * The bridge contract between the renderer and the terminal: channel names, event names, the terminal's own RPC
 * names, the error shape and the WebSocket frames of browser mode. Pure and import-free, because both sides bundle
 * it: the sandboxed preload (main/, which may use nothing else of ours at run time) and the renderer (renderer/,
 * which may import shared/ only).
 *
 * The renderer sees one object, `window.kassa = { invoke(operation, input), on(event, handler) }`, over Electron
 * IPC (preload) or, in browser mode, over a WebSocket speaking the frames below. Both ends answer alike.
 */

/** The one IPC channel the renderer may invoke. */
export const INVOKE_CHANNEL = 'kassa:invoke';
/** The one IPC channel main sends events on: `(name, payload)`. */
export const EVENT_CHANNEL = 'kassa:event';

/**
 * Events the terminal pushes to the renderer. Anything else a core emits stays in main.
 * - `sync-status`: online/offline, operations pending, last successful sync;
 * - `inbox`: the needs-attention inbox changed (operations the service rejected);
 * - `operation-applied`: a local write committed (lists may refresh);
 * - `enrollment-progress`: the initial download's progress (rows and tables);
 * - `session`: the signed-in employee changed (PIN login, sign-out, lockout);
 * - `core-status`: the terminal core's own state (`starting`, `ready`, `restarting`, `failed`), from the host.
 */
export const TERMINAL_EVENTS = ['sync-status', 'inbox', 'operation-applied', 'enrollment-progress', 'session', 'core-status'] as const;
export type TerminalEventName = (typeof TERMINAL_EVENTS)[number];

/**
 * The terminal's own operations, which are not part of the service's catalogue: they act on the terminal itself
 * (its enrollment, its employee session, its outbox). Their input schemas live in `core/terminal-rpc.ts`.
 */
export const TERMINAL_OPERATIONS = [
  'terminal.enrollmentStatus',
  'terminal.enroll',
  'terminal.pinLogin',
  'terminal.session',
  'terminal.signOut',
  'terminal.syncStatus',
  'terminal.syncNow',
  'terminal.inboxList',
  'terminal.inboxResubmit',
  'terminal.inboxDiscard',
  'terminal.managerApproval',
  'terminal.unsentList',
  'terminal.warningsList',
  'terminal.warningsDismiss',
  'terminal.incidentsList',
  'terminal.incidentSeen',
  // Printing: answered by the shell's print service, never by the core (see PRINT_OPERATIONS below).
  'terminal.print',
  'terminal.reprintLast',
  'terminal.printPreview',
] as const;
export type TerminalOperationName = (typeof TERMINAL_OPERATIONS)[number];

/**
 * Operations that legitimately run for minutes: the initial download of a large business, and a sync cycle that
 * drains a long outage's outbox. They get `LONG_CALL_TIMEOUT_MS` instead of the ordinary call timeout, on the host
 * and in the renderer alike — otherwise a 200,000-row download would be reported as a failure while it is still
 * running fine.
 */
export const LONG_OPERATIONS: readonly TerminalOperationName[] = ['terminal.enroll', 'terminal.syncNow'];
export const LONG_CALL_TIMEOUT_MS = 30 * 60_000;

export function isLongOperation(name: unknown): boolean {
  return (LONG_OPERATIONS as readonly unknown[]).includes(name);
}

/** What every failed call answers, over IPC and WebSocket alike: never a stack, never SQL. */
export interface RpcError {
  readonly statusCode: number;
  /** One line, or one line per problem for validation (as the service's 400 `message`). */
  readonly message: string | readonly string[];
  /**
   * A refusal for a right the employee's role does not grant (app/security/rights.ts): `code: 'RIGHT_MISSING'` and
   * the right's name (shared/rights.ts), so a screen can say it in its language and offer a manager's PIN.
   */
  readonly code?: 'RIGHT_MISSING';
  readonly right?: string;
}

/** The answer main sends back for one invoke; the preload turns `ok: false` into a rejection with `error`. */
export type RpcResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: RpcError };

const TERMINAL_EVENT_SET: ReadonlySet<string> = new Set(TERMINAL_EVENTS);

export function isTerminalEvent(name: unknown): name is TerminalEventName {
  return typeof name === 'string' && TERMINAL_EVENT_SET.has(name);
}

/**
 * A cheap first filter for the preload, which cannot hold the catalogue: the shape of a catalogue operationId
 * (`ReceiptController_create`) or one of the terminal's own names. Main checks the exact allow-list again.
 */
export function looksLikeOperationName(name: unknown): name is string {
  if (typeof name !== 'string' || name.length > 100) return false;
  return /^[A-Z][A-Za-z]*Controller_[a-z][A-Za-z]*$/.test(name) || (TERMINAL_OPERATIONS as readonly string[]).includes(name);
}

// ---- Browser mode: the same RPC over a WebSocket ----------------------------------------------------------

/** The WebSocket path of the browser-mode host. */
export const RPC_PATH = '/rpc';
/** The subprotocol the host speaks; the client offers it together with its secret token. */
export const RPC_SUBPROTOCOL = 'kassa-rpc.v1';
/**
 * The client presents the per-run secret as a second offered subprotocol, `kassa-secret.<secret>`: checked
 * before the connection opens, never echoed back, and unlike a cookie never sent by another origin's page.
 */
export const SECRET_SUBPROTOCOL_PREFIX = 'kassa-secret.';
/**
 * Browser mode: a page asks whether the secret it holds is this run's (POST, the secret in `SECRET_HEADER`):
 * 200 `{"current": true | false}`. A refused WebSocket upgrade looks the same as a host that is down, so without this a tab left
 * open across a restart of `npm start` retried forever with the old run's secret.
 */
export const SECRET_CHECK_PATH = '/rpc-secret';
export const SECRET_HEADER = 'x-kassa-secret';
/** The browser-mode URL carries the secret in its fragment (`#secret=…`), which is never sent to any server. */
export const SECRET_FRAGMENT_KEY = 'secret';

/** Client → host. `id` is the client's own, echoed in the answer. */
export interface InvokeFrame {
  readonly type: 'invoke';
  readonly id: string | number;
  readonly operation: string;
  readonly input?: unknown;
}

/** Host → client: the answer to one invoke frame. */
export type ResultFrame = { readonly type: 'result'; readonly id: string | number } & RpcResult;

/** Host → client: an event, as `on(name, handler)` delivers it. */
export interface EventFrame {
  readonly type: 'event';
  readonly name: TerminalEventName;
  readonly payload: unknown;
}

// ---- What the terminal's own operations and events carry (JSON, as the core sends them) --------------------

/** `sync-status` and `terminal.syncStatus`: the sync engine's state (main/terminal/sync-engine.ts). */
export interface SyncStatusPayload {
  readonly online: boolean;
  readonly syncing: boolean;
  readonly pendingOperations: number;
  readonly needsAttention: number;
  /** Operations of this till applied with warnings not yet marked seen (absent from an older core). */
  readonly openWarnings?: number;
  /** ISO time of the last cycle that completed, or null. */
  readonly lastSyncAt: string | null;
  /** Why the last cycle failed ("offline", "the service answered 503"), or null. */
  readonly lastError: string | null;
  /** When the next attempt is due after a failure (ISO), or null. */
  readonly retryAt: string | null;
  /**
   * Why sync fails now, or null: `no-network` (the service cannot be reached), `not-answering` (reached, no answer
   * within the deadline), `credential-refused` (the owner disconnected this till: it takes no new operations until
   * it is enrolled again), `busy` (the service answered 503 or 429: too busy now, the till waits as it asked),
   * `service-error` (another failure answer, `problemStatus`).
   */
  readonly problem?: 'no-network' | 'not-answering' | 'credential-refused' | 'busy' | 'service-error' | null;
  /** When the current kind of failure began (ISO), or null. */
  readonly problemSince?: string | null;
  /** The service's status for `service-error` and `busy` (401 for `credential-refused`), else null. */
  readonly problemStatus?: number | null;
  /**
   * The tables the last completed cycle's pull changed (`*`: all, after a fresh download); absent from an older core.
   * Screens holding large lists (the sales screen's catalogue) re-read them only when their tables moved.
   */
  readonly changedTables?: readonly string[];
  /**
   * How this till hears of other tills' changes: `live` (its poke connection is up: they arrive at once) or
   * `polling` (every 30 s); absent from an older core.
   */
  readonly updates?: 'live' | 'polling';
  /**
   * While the till downloads its data again because the service reset it (`reason`: CURSOR_BEFORE_RETENTION when it
   * was offline longer than the service keeps its change log, SCOPE_CHANGED, …): the download's progress, shaped as
   * `enrollment-progress`; null or absent otherwise.
   */
  readonly redownload?: (EnrollmentProgressPayload & { readonly reason: string }) | null;
  /** The till's clock (absent from an older core): see `ClockPayload`. */
  readonly clock?: ClockPayload;
  /**
   * When the service told this till it is a copy of another till (its data copied to another computer or folder), or
   * null: it takes no new operations, still sends what it holds, and must be connected as a new till (absent from an
   * older core).
   */
  readonly copyDetectedAt?: string | null;
  /** Operations the service lost in a restore that this till is sending again (absent from an older core). */
  readonly resendsWaiting?: number;
  /** What went wrong here that nobody at the till has marked seen yet (`terminal.incidentsList`; absent from an older core). */
  readonly unseenIncidents?: number;
  /**
   * Why the service refuses this till's credential, with `credential-refused`: `REVOKED` (the owner disconnected it or
   * deleted its workplace) or `TERMINAL_UNKNOWN` (the service was restored from a backup taken before this till was
   * connected: it no longer knows it); null otherwise (absent from an older core).
   */
  readonly refusedReason?: 'REVOKED' | 'TERMINAL_UNKNOWN' | null;
}

/**
 * Something that went wrong at this till that the cashier and the office must hear of (`terminal.incidentsList`,
 * main/terminal/incidents.ts). Kinds: `SERVICE_REWOUND` — the service was restored from an older backup: `resent`
 * operations this till sent again, `lost` acknowledged ones it no longer held (`lostSeqs` says which); others may
 * follow (show an unknown kind by its name).
 */
export interface IncidentPayload {
  readonly id: string;
  readonly kind: string;
  readonly occurredAt: string;
  readonly detail: Readonly<Record<string, string | number | boolean | null>>;
  /** When the service recorded it for the office (null until then). */
  readonly reportedAt: string | null;
}

/**
 * The till's clock (main/terminal/till-clock.ts). The till dates its work by a sane clock — the service's time plus
 * the time elapsed since, or the last time it knew to be right — never by an OS clock that is off.
 */
export interface ClockPayload {
  /** The OS clock minus the sane time in ms (positive: ahead) while off by more than 2 minutes; null while right. */
  readonly skewMs: number | null;
  /** When the till noticed it (ISO, sane clock); null with `skewMs`. */
  readonly since: string | null;
  /** `service`: the service's time; `last-known`: the last time the till knew to be right (it is offline). */
  readonly basis: 'service' | 'last-known' | null;
  /** The sane time minus the OS clock in ms: a screen adds it to its own clock to date things as the till does. */
  readonly correctionMs: number;
}

/** One operation this till did and the service has not acknowledged yet (`terminal.unsentList`), as queued. */
export interface UnsentOperationPayload {
  readonly seq: number;
  readonly epoch: string;
  readonly mutation_id: string;
  readonly name: string;
  readonly occurred_at: string;
  readonly employee_id: string;
  readonly params: Record<string, string>;
  readonly args: unknown;
  readonly basis: unknown;
  /** `pending` (never sent) or `sent` (sent, not acknowledged). */
  readonly status: string;
}

/**
 * `enrollment-progress`: the initial download, after each page. `rowsDone`/`rowsTotal` count the rows of the
 * current `table`; `tables` lists every table of the download in order with its row count (tables with no rows are
 * skipped by the download, so the overall progress is the sum over the tables before the current one plus its
 * `rowsDone`, out of the sum of all).
 */
export interface EnrollmentProgressPayload {
  readonly table: string | null;
  readonly rowsDone: number;
  readonly rowsTotal: number;
  readonly tables: readonly { readonly table: string; readonly rowsTotal: number }[];
}

/** The signed-in employee, as every operation shows an employee (never the PIN or its hash). */
export interface SessionEmployee {
  readonly id: string;
  readonly full_name: string;
  readonly role_id: string;
  readonly workplace_id: string | null;
  readonly phone_number: string | null;
  readonly [field: string]: unknown;
}

/** One operation the service rejected, kept with its full payload until someone resolves it. */
export interface InboxEntryPayload {
  readonly mutation_id: string;
  readonly name: string;
  readonly occurred_at: string;
  readonly employee_id: string;
  readonly params: Record<string, string>;
  readonly args: unknown;
  /** The service's answer: usually `{ statusCode, message }`. */
  readonly reason: unknown;
  readonly rejected_at: string;
  readonly [field: string]: unknown;
}

/**
 * A business rule one of this till's operations broke and the service applied anyway (a sale that took stock below
 * zero, of an item deleted meanwhile…): the operation, and the warning as the service gave it — `detail` is
 * `{code, …parameters}`, e.g. `{code: 'STOCK_BELOW_ZERO', itemId, warehouseId, quantity}` (app/warnings.ts).
 */
export interface WarningPayload {
  readonly mutation_id: string;
  readonly position: number;
  readonly name: string;
  readonly occurred_at: string;
  readonly employee_id: string;
  readonly code: string;
  readonly detail: Readonly<Record<string, unknown>>;
  readonly received_at: string;
  /** Names of the records the warning names, as the till holds them (deleted ones included), by id. */
  readonly names: Readonly<Record<string, string>>;
}

/** Input and result of each of the terminal's own operations. */
export interface TerminalOperationTypes extends PrintOperationTypes {
  /**
   * Whether the till is enrolled, and the names its sign-in screen shows (null when unknown); `scope`: the workplace
   * and point this till was enrolled at (null before enrollment, or from an older core) — screens default to them;
   * `disconnected`: the service refused this till's credential; it may enroll again (same business only). `copy`:
   * this till is a copy of another one; it may enroll as a new till once it has sent what it holds.
   */
  'terminal.enrollmentStatus': {
    input: undefined;
    result: {
      enrolled: boolean;
      disconnected?: boolean;
      copy?: boolean;
      serviceUrl?: string;
      business?: string | null;
      till?: string | null;
      point?: string | null;
      scope?: { workplaceId: string; pointId: string } | null;
      /** First start from a downloaded installer's provisioning file (docs/downloads.md). */
      provisioning?: ProvisioningStatusPayload;
    };
  };
  'terminal.enroll': {
    input: { serviceUrl: string; code: string; name?: string | null };
    result: { terminalId: string; workplaceId: string; pointId: string; warehouseIds: readonly string[] };
  };
  'terminal.pinLogin': { input: { pincode: string }; result: SessionEmployee };
  'terminal.session': { input: undefined; result: { employee: SessionEmployee | null } };
  'terminal.signOut': { input: undefined; result: { employee: null } };
  'terminal.syncStatus': { input: undefined; result: SyncStatusPayload };
  'terminal.syncNow': { input: undefined; result: SyncStatusPayload };
  'terminal.inboxList': { input: undefined; result: InboxEntryPayload[] };
  'terminal.inboxResubmit': { input: { entryId: string; operation: string; input: unknown }; result: unknown };
  'terminal.inboxDiscard': { input: { entryId: string; managerPin: string }; result: { discarded: true } };
  /** A manager's PIN approving what a cashier may not do alone (main/terminal/manager-approval.ts). */
  'terminal.managerApproval': { input: { pin: string; reason: string }; result: { managerId: string; managerName: string } };
  'terminal.unsentList': { input: undefined; result: UnsentOperationPayload[] };
  'terminal.warningsList': { input: undefined; result: WarningPayload[] };
  'terminal.warningsDismiss': { input: { mutationId: string }; result: { dismissed: true } };
  /** What went wrong at this till that nobody here has marked seen, newest first. */
  'terminal.incidentsList': { input: undefined; result: IncidentPayload[] };
  /** A signed-in employee has read an incident. */
  'terminal.incidentSeen': { input: { id: string }; result: { seen: true } };
}

/** The payload of each event. */
export interface TerminalEventPayloads {
  'sync-status': SyncStatusPayload;
  inbox: { readonly changed: boolean };
  'operation-applied': { readonly operation: string };
  'enrollment-progress': EnrollmentProgressPayload;
  session: { readonly employee: SessionEmployee | null };
  'core-status': { readonly state: 'starting' | 'ready' | 'restarting' | 'failed' | 'closed' };
}

/**
 * How enrolling from a provisioning file went (main/provisioning/first-start.ts). `problem`: `malformed`,
 * `untrusted` (signed by no key this build trusts), `expired`, `insecure-address` (plain http to another machine),
 * `code-refused` (used, or expired meanwhile), `unreachable`.
 */
export interface ProvisioningStatusPayload {
  readonly state: 'enrolling' | 'enrolled' | 'failed';
  readonly file: string;
  readonly serviceUrl?: string;
  readonly workplace?: string;
  readonly problem?: 'malformed' | 'untrusted' | 'expired' | 'insecure-address' | 'code-refused' | 'unreachable';
}

// ---- Printing (issue 16): the shell prints, the renderer asks ------------------------------------------------

/**
 * The terminal operations the shell answers itself (main/print-dispatcher.ts) with its print service
 * (main/printing/): it reads the document's data from the core as the signed-in employee, lays it out for each
 * printer configured for the till's point and sends it. They never fail for a printer's sake: a printer that is
 * off, unreachable or out of paper is an answer (`PrintResultPayload`), not an error.
 */
export const PRINT_OPERATIONS = ['terminal.print', 'terminal.reprintLast', 'terminal.printPreview'] as const;
export type PrintOperationName = (typeof PRINT_OPERATIONS)[number];

export function isPrintOperation(name: unknown): name is PrintOperationName {
  return (PRINT_OPERATIONS as readonly unknown[]).includes(name);
}

/** What a screen asks to print (renderer/printing.ts re-exports it as `PrintRequest`). */
export type PrintRequestPayload =
  /** A completed sale's receipt; `openDrawer` pulses the cash drawer (cash taken). */
  | { readonly kind: 'sale'; readonly orderId: string; readonly openDrawer: boolean }
  /** A refund's slip (the refund document's id, or the refunded order's). */
  | { readonly kind: 'refund'; readonly refundId: string }
  /** The shift's X report (`final: false`) or Z report (`final: true`). */
  | { readonly kind: 'shift-report'; readonly settlementId: string; readonly final: boolean }
  /** The slip of a sale on account, noting the signature on file. */
  | { readonly kind: 'credit-slip'; readonly orderId: string }
  /**
   * The slip of a voided open order. The void's record (order_voids) has no read operation, so the screen that just
   * voided it names the approving manager and the reason it sent; without them the slip prints neither.
   */
  | { readonly kind: 'void'; readonly orderId: string; readonly managerId?: string; readonly reason?: string };

/** The language the paper is printed in (the cashier's). */
export type PrintLanguage = 'uz' | 'ru' | 'en';

/** A print request as it crosses the bridge: the screen's request and the language on screen. */
export type PrintCallInput = PrintRequestPayload & { readonly language?: PrintLanguage };

/**
 * Why a document did not print, for the cashier's message: `no-printer` (none configured for this point),
 * `unreachable` (off, unplugged, wrong address), `timed-out`, `refused` (hung up mid-job), `out-of-paper`,
 * `not-found` (the document's data is not on this till), `not-signed-in`, `bad-document` (data it cannot lay out),
 * `nothing-to-reprint`.
 */
export type PrintProblem =
  | 'no-printer'
  | 'unreachable'
  | 'timed-out'
  | 'refused'
  | 'out-of-paper'
  | 'not-found'
  | 'not-signed-in'
  | 'bad-document'
  | 'nothing-to-reprint';

export interface PrintResultPayload {
  readonly ok: boolean;
  /** The first problem met (absent when `ok`). */
  readonly problem?: PrintProblem;
  /** The printer it concerns (its name as configured), when one does. */
  readonly printer?: string;
  /** A reprint makes sense: the job was laid out and kept. */
  readonly canReprint: boolean;
}

/** The lines the paper shows, for the on-screen preview, and the paper's width in characters. */
export interface PrintPreviewPayload {
  readonly lines: readonly string[];
  readonly columns: number;
  readonly problem?: PrintProblem;
}

/**
 * Shell → core only (never on the bridge: `TERMINAL_OPERATIONS` does not name it, so the renderer's call is a 404):
 * the last outcome of one printer, for the till's health report (main/terminal/health.ts).
 */
export const NOTE_PRINTER_OPERATION = 'terminal.notePrinter';
export interface NotePrinterInput {
  /** The printer's name (null: the point has none configured). */
  readonly printer: string | null;
  /** One of the health report's printer states (shared/catalogue/terminal-health.ts). */
  readonly status: string;
  readonly detail: string | null;
}

export interface PrintOperationTypes {
  'terminal.print': { input: PrintCallInput; result: PrintResultPayload };
  'terminal.reprintLast': { input: undefined; result: PrintResultPayload };
  'terminal.printPreview': { input: PrintCallInput; result: PrintPreviewPayload };
}
