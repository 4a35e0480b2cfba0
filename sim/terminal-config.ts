/** What the harness tells a terminal process (SIM_TERMINAL) and the messages they exchange over IPC. */
import type { SimTerminalSeat, SimWorld } from './world.js';

export type Protocol = 'core' | 'naive';

export interface TerminalConfig {
  readonly seat: SimTerminalSeat;
  readonly world: SimWorld;
  readonly protocol: Protocol;
  /** The till's SQLite file. */
  readonly file: string;
  readonly historyFile: string;
  /** The proxy's address for this terminal. */
  readonly serviceUrl: string;
  /** Only for the first start (not enrolled yet). */
  readonly enrollmentCode: string | null;
  readonly seed: number;
  /** 1 for the first process on this file, then 2, 3, … after each restart. */
  readonly incarnation: number;
  /** How far this process's OS clock (`Date.now`) is from the real time at start; the harness may move it (`clock`). */
  readonly clockSkewMs: number;
  readonly opsPerSecond: number;
  readonly requestTimeoutMs: number;
}

export type ToTerminal =
  | { readonly type: 'snapshot'; readonly file: string }
  | { readonly type: 'drain'; readonly deadlineMs: number }
  | { readonly type: 'final-pull'; readonly deadlineMs: number }
  /** The OS clock jumps: from now on `Date.now` is the real time plus `skewMs` (./nemesis.ts, a clock jump). */
  | { readonly type: 'clock'; readonly skewMs: number }
  /**
   * A copy of a till told it is one is connected as a new till (./disasters.ts): it delivers what it holds, then
   * enrolls with `code` and sells at `workplaceId` from then on.
   */
  | { readonly type: 'enroll'; readonly code: string; readonly workplaceId: string }
  | { readonly type: 'exit' };

export type ToHarness =
  /** Enrolled and running: its terminal and install ids (a copy of a till has its own install, ./disasters.ts). */
  | { readonly type: 'ready'; readonly terminalId: string; readonly installId: string }
  /** A cashier's operation is about to run (the nemesis may kill the process in the middle of it). */
  | { readonly type: 'op-started' }
  | { readonly type: 'snapshot-taken'; readonly file: string }
  | { readonly type: 'drained'; readonly pending: number; readonly ms: number; readonly attempts: number; readonly lastError: string | null }
  | { readonly type: 'pulled'; readonly ok: boolean }
  /** The answer to `enroll`: the new terminal id, or why it failed (the harness tries again with a new code). */
  | { readonly type: 'enrolled'; readonly terminalId: string | null; readonly error: string | null };
