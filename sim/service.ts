/**
 * The real central service as a child process (`node --import tsx server/main.ts`, the same program as `tsx
 * server/main.ts` without tsx's wrapper process, so a SIGKILL reaches the service itself) on its own database:
 * a SQLite file in the run's directory, or a fresh PostgreSQL database dropped afterwards. It can be killed and
 * started again on the same data and port, as a crashed server would be by its supervisor.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
export const POSTGRES_ADMIN_URL = process.env.SIM_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type ServerEngine = 'sqlite' | 'postgres';

/** A port nobody listens on right now (the service keeps it across restarts). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export class Service {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  starts = 0;

  private constructor(
    readonly engine: ServerEngine,
    readonly directory: string,
    readonly port: number,
    readonly databaseUrl: string,
    private readonly postgresName: string | null,
  ) {}

  static async create(engine: ServerEngine, directory: string, tag: string): Promise<Service> {
    const port = await freePort();
    if (engine === 'sqlite') return new Service(engine, directory, port, join(directory, 'service.sqlite'), null);
    const name = `kassa_sim_${tag.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    return new Service(engine, directory, port, url.toString(), name);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Starts the service and waits until it answers /readyz. */
  async start(): Promise<void> {
    if (this.child) return;
    this.starts += 1;
    const log = openSync(join(this.directory, 'service.log'), 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/main.ts')], {
      cwd: REPO_ROOT,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: join(this.directory, 'service-data'),
        DATABASE_URL: this.databaseUrl,
        JWT_SECRET: 'simulation-secret-that-is-long-enough-for-hs256-0123456789',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
        RATE_LIMIT_REGISTRATIONS_PER_HOUR: '1000000',
      },
    });
    closeSync(log);
    this.child = child;
    this.exited = new Promise((done) => child.once('exit', () => done()));
    void this.exited.then(() => {
      if (this.child === child) this.child = null;
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (this.child !== child) throw new Error(`the service exited during start (see ${join(this.directory, 'service.log')})`);
      try {
        const response = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error('the service did not become ready within 60 s');
      await sleep(150);
    }
  }

  /** `kill -9`: whatever was in flight is cut off (committed or not). */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGKILL');
    await this.exited;
    this.child = null;
  }

  /** A clean shutdown (SIGTERM). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
    this.child = null;
  }

  /** Drops the PostgreSQL database (the SQLite file stays with the run's directory). */
  async dispose(): Promise<void> {
    await this.stop();
    if (!this.postgresName) return;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${this.postgresName} with (force)`);
    } finally {
      await admin.end();
    }
  }
}
