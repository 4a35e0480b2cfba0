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
  readonly clockSkewMs: number;
  readonly opsPerSecond: number;
  readonly requestTimeoutMs: number;
}

export type ToTerminal =
  | { readonly type: 'snapshot'; readonly file: string }
  | { readonly type: 'drain'; readonly deadlineMs: number }
  | { readonly type: 'final-pull'; readonly deadlineMs: number }
  | { readonly type: 'exit' };

export type ToHarness =
  | { readonly type: 'ready' }
  /** A cashier's operation is about to run (the nemesis may kill the process in the middle of it). */
  | { readonly type: 'op-started' }
  | { readonly type: 'snapshot-taken'; readonly file: string }
  | { readonly type: 'drained'; readonly pending: number; readonly ms: number; readonly attempts: number; readonly lastError: string | null }
  | { readonly type: 'pulled'; readonly ok: boolean };
