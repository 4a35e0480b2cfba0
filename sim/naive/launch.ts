/** Starts and stops the naive adapter's process (./server-process.ts) for a `--protocol naive` run. */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../service.js';

export class NaiveServerProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(databaseUrl: string, businessId: string, directory: string): Promise<NaiveServerProcess> {
    const log = openSync(join(directory, 'naive-server.log'), 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'sim/naive/server-process.ts')], {
      cwd: REPO_ROOT,
      stdio: ['ignore', log, log, 'ipc'],
      env: { ...process.env, SIM_NAIVE: JSON.stringify({ databaseUrl, businessId }) },
    });
    closeSync(log);
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (message: { port: number }) => resolve(message.port));
      child.once('exit', () => reject(new Error('the naive server exited during start (see naive-server.log)')));
    });
    return new NaiveServerProcess(child, `http://127.0.0.1:${port}`);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((done) => this.child.once('exit', () => done()));
    this.child.kill('SIGTERM');
    await exited;
  }
}
