/**
 * The harness's side of a terminal process: start it (`node --import tsx sim/terminal-process.ts`, the same as
 * `tsx sim/terminal-process.ts` without the wrapper process, so SIGKILL reaches the terminal itself), talk to it
 * over IPC, `kill -9` it, restart it on the same file, or put an old copy of its database back first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, copyFileSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { HistoryWriter } from './history.js';
import { REPO_ROOT } from './service.js';
import type { TerminalConfig, ToHarness, ToTerminal } from './terminal-config.js';
import type { SimTerminalSeat } from './world.js';

export class TerminalHandle {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);
  private readonly waiters: { type: ToHarness['type']; resolve: (message: ToHarness) => void }[] = [];
  private expectingExit = false;
  private readonly listeners: ((message: ToHarness) => void)[] = [];
  incarnation = 0;
  kills = 0;
  restores = 0;
  readonly crashes: string[] = [];
  /** The OS clock's skew the process runs with (kept for its restarts); the nemesis may move it. */
  clockSkewMs: number;
  /** As the process last said when it was ready: the terminal it is enrolled as, and its install. */
  terminalId: string | null = null;
  installId: string | null = null;

  constructor(
    private readonly base: Omit<TerminalConfig, 'incarnation' | 'enrollmentCode'>,
    private readonly directory: string,
  ) {
    this.clockSkewMs = base.clockSkewMs;
  }

  get name(): string {
    return this.base.seat.name;
  }

  get seat(): SimTerminalSeat {
    return this.base.seat;
  }

  /** The OS clock jumps to the real time plus `skewMs`, now and in later incarnations. */
  setClock(skewMs: number): void {
    this.clockSkewMs = skewMs;
    this.child?.send({ type: 'clock', skewMs } satisfies ToTerminal);
  }

  /**
   * A second till on a copy of this one's store (taken by the caller, `file`): a seat of its own name, with its own
   * history, workload stream and no shared field to edit (each shared field has one writer), at the same point.
   */
  copyAt(name: string, file: string): TerminalHandle {
    const seat: SimTerminalSeat = { ...this.base.seat, name, lwwField: null };
    return new TerminalHandle({ ...this.base, seat, file, historyFile: join(this.directory, `${name}.history.jsonl`), clockSkewMs: this.base.clockSkewMs }, this.directory);
  }

  get file(): string {
    return this.base.file;
  }

  get historyFile(): string {
    return this.base.historyFile;
  }

  get alive(): boolean {
    return this.child !== null;
  }

  /** Starts a process on the terminal's file and waits until it is enrolled, bootstrapped and running. */
  async start(enrollmentCode: string | null = null): Promise<void> {
    if (this.child) return;
    this.incarnation += 1;
    const config: TerminalConfig = { ...this.base, clockSkewMs: this.clockSkewMs, incarnation: this.incarnation, enrollmentCode };
    const log = openSync(join(this.directory, `${this.name}.log`), 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'sim/terminal-process.ts')], {
      cwd: REPO_ROOT,
      stdio: ['ignore', log, log, 'ipc'],
      env: { ...process.env, SIM_TERMINAL: JSON.stringify(config) },
    });
    closeSync(log);
    this.child = child;
    this.expectingExit = false;
    child.on('message', (message: ToHarness) => {
      for (const listener of [...this.listeners]) listener(message);
      const index = this.waiters.findIndex((waiter) => waiter.type === message.type);
      if (index >= 0) this.waiters.splice(index, 1)[0]!.resolve(message);
    });
    this.exited = new Promise((done) =>
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = null;
        if (!this.expectingExit) this.crashes.push(`${this.name} (incarnation ${config.incarnation}) exited unasked: code ${code}, signal ${signal} (see ${this.name}.log)`);
        done(code);
      }),
    );
    // Generous: a 2-core machine shared with other work takes over a minute to boot a tsx process at times.
    const ready = (await this.expect('ready', 240_000)) as Extract<ToHarness, { type: 'ready' }>;
    this.terminalId = ready.terminalId;
    this.installId = ready.installId;
  }

  /** Calls `listener` with every message of the process until the returned function is called. */
  listen(listener: (message: ToHarness) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  /** Sends a message and waits for the answer of type `reply`. */
  async ask<T extends ToHarness['type']>(message: ToTerminal, reply: T, timeoutMs: number): Promise<Extract<ToHarness, { type: T }>> {
    const answer = this.expect(reply, timeoutMs);
    this.child?.send(message);
    return answer as Promise<Extract<ToHarness, { type: T }>>;
  }

  private expect(type: ToHarness['type'], timeoutMs: number): Promise<ToHarness> {
    const child = this.child;
    return new Promise((resolve, reject) => {
      const waiter = { type, resolve: (message: ToHarness) => (clearTimeout(timer), resolve(message)) };
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(new Error(`${this.name}: no '${type}' within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
      void this.exited.then(() => {
        if (this.child !== child || this.child === null) {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) {
            this.waiters.splice(index, 1);
            clearTimeout(timer);
            reject(new Error(`${this.name} exited while the harness waited for '${type}'; the end of ${this.name}.log:\n${this.logTail()}`));
          }
        }
      });
    });
  }

  /** The last lines the process wrote (its stdout and stderr go to `<name>.log`), for an error that says why. */
  private logTail(): string {
    try {
      return readFileSync(join(this.directory, `${this.name}.log`), 'utf8').split('\n').slice(-30).join('\n');
    } catch {
      return '(no log)';
    }
  }

  /** `kill -9`. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.expectingExit = true;
    this.kills += 1;
    child.kill('SIGKILL');
    await this.exited;
  }

  /** Asks the process to exit after closing its store. */
  async exit(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.expectingExit = true;
    child.send({ type: 'exit' } satisfies ToTerminal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
  }

  /**
   * Puts back an old copy of the terminal's database (the process must be dead): the file and its WAL are
   * replaced, and the history records the restore so the checkers know which operations it took away.
   */
  restoreFrom(copy: string): void {
    if (this.child) throw new Error(`${this.name} is running: kill it before restoring its database`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${this.file}${suffix}`, { force: true });
    copyFileSync(copy, this.file);
    this.restores += 1;
    const history = new HistoryWriter(this.historyFile);
    history.write({ k: 'restored', file: copy, t: Date.now() });
    history.close();
  }
}
