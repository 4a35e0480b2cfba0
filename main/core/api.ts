/**
 * The seam between the shell and the terminal core (local SQLite store, `app/` operations, sync engine).
 *
 * The shell never touches the store: it validates what the renderer sends, hands it to a `TerminalCore`, and
 * relays the answers and events back. The real core is a module exporting `createCore` (see `CoreModule`); the
 * shell runs it in a worker thread (`worker-host.ts`), so the window never waits on SQLite.
 */
import type { JWK } from 'jose';
import type { TerminalEventName } from '../../shared/terminal-contract.js';

export type Unsubscribe = () => void;
export type CoreEventListener = (name: TerminalEventName, payload: unknown) => void;

/**
 * What the shell (IPC and browser mode) talks to. Implemented by the worker host in production and by the core
 * itself inside the worker.
 *
 * `invoke` receives an operation name that passed the bridge's allow-list and an input already validated with the
 * operation's schema (`bridge-operations.ts`), in its wire form: `{ params, query, body }` for a catalogue
 * operation (decimals still strings, as over HTTP), the terminal operation's own input otherwise. `checked` is
 * the catalogue input's exact values as that one validation made them (app/pipeline.ts, `checkInput`): the core
 * runs the operation with them rather than validating the input a second time. The result must be plain data:
 * JSON-compatible, as the service's HTTP answers are (no bigint, no functions).
 *
 * Failures are thrown as errors carrying `statusCode` and `message` (e.g. `OperationError` from shared/errors);
 * anything else is reported to the renderer as a bare 500.
 */
export interface TerminalCore {
  invoke(operation: string, input: unknown, checked?: unknown): Promise<unknown>;
  /** Receives the core's events; the bridge forwards only the names of `TERMINAL_EVENTS`. */
  subscribe(listener: CoreEventListener): Unsubscribe;
  /**
   * Operations in the outbox not yet acknowledged by the service. Gates installing updates (which may change the
   * local store or the protocol under them); sign-out is not gated: the queue belongs to the till.
   */
  pendingOperations(): Promise<number>;
  /** Stops sync, closes the store. No call is accepted afterwards. */
  close(): Promise<void>;
}

/** Where the core keeps its data and whom it syncs with. Structured-cloneable (it is sent to the worker). */
export interface CoreOptions {
  /** The terminal's own data directory (its SQLite file, its device credential). */
  readonly dataDir: string;
  /** The central service, e.g. `http://127.0.0.1:8080`; absent until enrollment names one. */
  readonly serviceUrl?: string;
  /**
   * Provisioning files to enroll from at first start, most specific first (docs/downloads.md): the one the app was
   * opened with, the one the Windows installer copied, the one beside an AppImage. Ignored once enrolled.
   */
  readonly provisioningFiles?: readonly string[];
  /** The Ed25519 public keys (JWK) whose provisioning files this build trusts; none: no file is trusted. */
  readonly trustedProvisioningKeys?: readonly JWK[];
  /**
   * Accept plain-http service addresses on other machines (a development switch, never offered by the console).
   * Without it only `https:` — or `http:` to this machine itself — may receive the till's device credential.
   */
  readonly allowInsecureService?: boolean;
  /** The app's version, reported with the till's health (fleet health); the package's version when absent. */
  readonly appVersion?: string;
}

/** The module the worker loads: the real core exports this; tests load a small fixture core. */
export interface CoreModule {
  createCore(options: CoreOptions): Promise<TerminalCore>;
}
