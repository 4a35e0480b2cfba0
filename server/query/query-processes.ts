/**
 * The parent side of sqlite-query-process.ts and postgres-query-process.ts: a few child processes, each with its
 * own read-only connection to the database, started on first use and kept while they behave. A query that
 * outlives its time limit gets its process killed (SIGKILL: native code cannot be asked to stop) and the next
 * query starts a fresh one.
 *
 * Whatever a query does to its child — a driver error thrown inside a socket event, a heap exhausted by a huge
 * value — ends at most that child: the service's process only sees the child exit, and answers the query with a
 * 400. Every child runs with a small V8 heap and returns at most a byte budget of rows (row-budget.ts).
 *
 * Idle children do not keep the service's process alive, and exit by themselves when it does.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ReportingFailure } from './failure.js';

/** The child scripts, by engine. */
const WORKERS = {
  sqlite: fileURLToPath(new URL('./sqlite-query-process.ts', import.meta.url)),
  postgres: fileURLToPath(new URL('./postgres-query-process.ts', import.meta.url)),
} as const;
/** A child's V8 heap: rows are capped far below it (row-budget.ts), so only a runaway child reaches it, and dies. */
const CHILD_HEAP_MB = 256;
/**
 * The child is TypeScript like the rest of the service: it runs under the same loader (tsx). Resolved only when a
 * child starts: the terminal's bundled core carries this module (through the handler registry) but never runs a
 * reporting query, and has no tsx to find.
 */
const tsLoader = () => pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** A child that has not said it is ready by then is broken (a missing file, a bad loader). */
const START_TIMEOUT_MS = 15_000;

/** What a child answers (see the protocol in each child script). */
export interface Reply {
  readonly id: number;
  readonly ok: boolean;
  readonly rows?: Record<string, unknown>[];
  /** Why it failed, already sorted by the child: the caller's query, the time limit, the byte budget, or ours. */
  readonly kind?: 'query' | 'timeout' | 'too-large' | 'internal';
  readonly message?: string;
  readonly ready?: boolean;
}

/** One job for a child. */
export interface Job {
  readonly id: number;
  readonly sql: string;
  readonly parameters: readonly unknown[];
  readonly maxRows: number;
  readonly maxBytes: number;
  readonly timeoutMs: number;
}

export interface ChildTarget {
  readonly engine: keyof typeof WORKERS;
  /** The SQLite file or the PostgreSQL URL; passed in the environment, never on a command line others can read. */
  readonly database: string;
  /** Extra time the parent waits past the limit before killing the child (PostgreSQL stops the statement itself). */
  readonly graceMs: number;
}

interface Worker {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  onReply?: (reply: Reply) => void;
  onExit?: () => void;
}

export class QueryProcesses {
  private readonly idle: Worker[] = [];
  private readonly live = new Set<Worker>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly target: ChildTarget) {}

  /** Runs one statement in a child; the caller limits how many run at once. */
  async run(
    sql: string,
    parameters: readonly unknown[],
    limits: { readonly maxRows: number; readonly maxBytes: number; readonly timeoutMs: number },
  ): Promise<Record<string, unknown>[]> {
    if (this.closed) throw new ReportingFailure('internal', 'reporting processes are closed');
    const worker = this.idle.pop() ?? this.spawn();
    // While a query is on its way the child's channel keeps the service's process alive (a script awaiting it).
    worker.child.channel?.ref();
    try {
      await worker.ready;
    } catch (error) {
      this.discard(worker);
      throw error;
    }
    return new Promise<Record<string, unknown>[]>((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        // The statement may be anywhere inside SQLite: the only way to stop it is to end its process.
        this.discard(worker);
        reject(new ReportingFailure('timeout'));
      }, limits.timeoutMs + this.target.graceMs);
      worker.onExit = () => {
        clearTimeout(timer);
        // A driver error in a socket event, a heap run out: the child is gone, the service is not.
        reject(new ReportingFailure('internal', 'the reporting process ended during a query'));
      };
      worker.onReply = (reply) => {
        if (reply.id !== id) return;
        clearTimeout(timer);
        worker.onReply = undefined;
        worker.onExit = undefined;
        worker.child.channel?.unref();
        if (this.closed) this.discard(worker);
        else this.idle.push(worker);
        if (reply.ok) resolve(reply.rows ?? []);
        else reject(new ReportingFailure(reply.kind ?? 'internal', reply.message ?? 'query failed'));
      };
      const job: Job = { id, sql, parameters, ...limits };
      worker.child.send(job);
    });
  }

  private spawn(): Worker {
    const child = fork(WORKERS[this.target.engine], [], {
      execArgv: ['--import', tsLoader(), `--max-old-space-size=${CHILD_HEAP_MB}`],
      env: { ...process.env, KASSA_REPORT_DATABASE: this.target.database },
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let markReady: () => void = () => undefined;
    let fail: (error: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      fail = reject;
    });
    const worker: Worker = { child, ready };
    const startTimer = setTimeout(
      () => fail(new ReportingFailure('internal', 'the reporting process did not start')),
      START_TIMEOUT_MS,
    );
    child.on('message', (reply: Reply) => {
      if (reply.ready) {
        clearTimeout(startTimer);
        markReady();
        return;
      }
      worker.onReply?.(reply);
    });
    child.once('exit', () => {
      clearTimeout(startTimer);
      fail(new ReportingFailure('internal', 'the reporting process ended'));
      this.live.delete(worker);
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      worker.onExit?.();
    });
    child.on('error', () => undefined);
    // Neither a starting nor an idle child keeps the service's process alive; a running query does (see run).
    child.unref();
    child.channel?.unref();
    ready.catch(() => undefined);
    this.live.add(worker);
    return worker;
  }

  private discard(worker: Worker): void {
    worker.onReply = undefined;
    worker.onExit = undefined;
    this.live.delete(worker);
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
    worker.child.kill('SIGKILL');
  }

  /** Ends every child (a query still running is answered as failed). */
  async close(): Promise<void> {
    this.closed = true;
    const exits = [...this.live].map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.child.exitCode !== null || worker.child.signalCode !== null) resolve();
          else {
            worker.child.once('exit', () => resolve());
            worker.child.kill('SIGKILL');
          }
        }),
    );
    await Promise.all(exits);
    this.live.clear();
    this.idle.length = 0;
  }
}
