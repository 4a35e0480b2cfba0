/**
 * The real central service as child processes (`node --import tsx server/main.ts`, the same program as `tsx
 * server/main.ts` without tsx's wrapper process, so a SIGKILL reaches the service itself) on one database: a
 * SQLite file in the run's directory, or a fresh PostgreSQL database dropped afterwards. On PostgreSQL it may be
 * N instances of the service (`--instances N`), each its own process on its own port, behind the harness's load
 * balancer (./balancer.ts); SQLite is one instance by design. An instance can be killed and started again on the
 * same data and port, as a crashed server would be by its supervisor; the whole service (every instance) too.
 */
import { dropCaptureSlots } from '../db/change-capture.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Balancer } from './balancer.js';

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
export const POSTGRES_ADMIN_URL = process.env.SIM_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type ServerEngine = 'sqlite' | 'postgres';

export const SQLITE_ONE_INSTANCE =
  '--instances above 1 needs --server postgres: the SQLite service is one instance by design (one process owns the database file and its write queue); run several instances on PostgreSQL';

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

/** How long a start may take: a loaded 2-core machine takes 20–40 s to boot the service under tsx. */
const START_BOUND_MS = 180_000;

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** One service process on its own port. */
export class ServiceInstance {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  starts = 0;

  constructor(
    /** 1-based, as the summary names it. */
    readonly number: number,
    readonly directory: string,
    readonly port: number,
    readonly databaseUrl: string,
    /** Compaction within seconds (sim/run.ts `--compaction`), instead of the service's defaults (days). */
    readonly compaction = false,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Starts the process and waits until it answers /readyz. */
  async start(): Promise<void> {
    if (this.child) return;
    this.starts += 1;
    const logFile = join(this.directory, this.number === 1 ? 'service.log' : `service-${this.number}.log`);
    const log = openSync(logFile, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/main.ts')], {
      cwd: REPO_ROOT,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: join(this.directory, this.number === 1 ? 'service-data' : `service-data-${this.number}`),
        DATABASE_URL: this.databaseUrl,
        JWT_SECRET: 'simulation-secret-that-is-long-enough-for-hs256-0123456789',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
        RATE_LIMIT_REGISTRATIONS_PER_HOUR: '1000000',
        ...(this.compaction ? { SYNC_LOG_COMPACT_EVERY: '1s', SYNC_LOG_COMPACT_AFTER: '1s', SYNC_LOG_KEEP_TOMBSTONES: '2s' } : {}),
      },
    });
    closeSync(log);
    this.child = child;
    this.exited = new Promise((done) => child.once('exit', () => done()));
    void this.exited.then(() => {
      if (this.child === child) this.child = null;
    });
    const deadline = Date.now() + START_BOUND_MS;
    for (;;) {
      if (this.child !== child) throw new Error(`service instance ${this.number} exited during start (see ${logFile})`);
      try {
        const response = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline)
        throw new Error(`service instance ${this.number} did not become ready within ${START_BOUND_MS / 1000} s`);
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
}

export interface InstanceSummary {
  readonly number: number;
  readonly port: number;
  readonly served: number;
  readonly cutOff: number;
  readonly refused: number;
  /** Starts after the first: restarts by the nemesis (one instance, or the whole service). */
  readonly restarts: number;
}

/** The service as the tills and the back office see it: every instance, behind the balancer. */
export class Service {
  private constructor(
    readonly engine: ServerEngine,
    readonly directory: string,
    readonly instances: readonly ServiceInstance[],
    readonly balancer: Balancer,
    readonly databaseUrl: string,
    private readonly postgresName: string | null,
  ) {}

  static async create(engine: ServerEngine, directory: string, tag: string, instanceCount = 1, compaction = false): Promise<Service> {
    if (!Number.isInteger(instanceCount) || instanceCount < 1)
      throw new Error(`instances must be a positive integer, got ${instanceCount}`);
    if (engine === 'sqlite' && instanceCount > 1) throw new Error(SQLITE_ONE_INSTANCE);
    let databaseUrl = join(directory, 'service.sqlite');
    let name: string | null = null;
    if (engine === 'postgres') {
      name = `kassa_sim_${tag.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      try {
        await dropCaptureSlots((text, values) => admin.query(text, values), name);
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      const url = new URL(POSTGRES_ADMIN_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    const instances: ServiceInstance[] = [];
    for (let number = 1; number <= instanceCount; number += 1)
      instances.push(new ServiceInstance(number, directory, await freePort(), databaseUrl, compaction));
    const balancer = new Balancer(instances);
    await balancer.listen();
    return new Service(engine, directory, instances, balancer, databaseUrl, name);
  }

  /** The balancer's address: where tills and the back office send every request. */
  get url(): string {
    return this.balancer.url;
  }

  /** At least one instance is up. */
  get running(): boolean {
    return this.instances.some((instance) => instance.running);
  }

  /**
   * Starts every instance that is down. The very first start runs the first instance alone (it migrates the
   * database) and then the others; a restart starts them all together (the schema is there already).
   */
  async start(): Promise<void> {
    const [first, ...others] = this.instances;
    if (first!.starts === 0) await first!.start();
    await Promise.all([first!, ...others].map((instance) => instance.start()));
  }

  /** `kill -9` of every instance (the whole service down). */
  async kill(): Promise<void> {
    await Promise.all(this.instances.map((instance) => this.killInstance(instance.number)));
  }

  /** `kill -9` of one instance; the balancer sends new requests to the others. */
  async killInstance(number: number): Promise<void> {
    await this.instance(number).kill();
    this.balancer.forget(number - 1);
  }

  async startInstance(number: number): Promise<void> {
    await this.instance(number).start();
  }

  /** Requests of one instance being handled right now. */
  inFlight(number: number): number {
    return this.balancer.traffic[number - 1]!.inFlight;
  }

  summary(): InstanceSummary[] {
    return this.instances.map((instance, index) => {
      const traffic = this.balancer.traffic[index]!;
      return {
        number: instance.number,
        port: instance.port,
        served: traffic.served,
        cutOff: traffic.cutOff,
        refused: traffic.refused,
        restarts: Math.max(0, instance.starts - 1),
      };
    });
  }

  /** A clean shutdown of every instance (SIGTERM); the balancer's pooled connections to them are dropped. */
  async stop(): Promise<void> {
    await Promise.all(this.instances.map((instance) => instance.stop()));
    this.instances.forEach((_, index) => this.balancer.forget(index));
  }

  /** Stops everything, closes the balancer and drops the PostgreSQL database (the SQLite file stays with the run's directory). */
  async dispose(): Promise<void> {
    await this.stop();
    await this.balancer.close();
    if (!this.postgresName) return;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    try {
      // A database with a replication slot cannot be dropped (db/change-capture.ts).
      await dropCaptureSlots((text, values) => admin.query(text, values), this.postgresName);
      await admin.query(`drop database if exists ${this.postgresName} with (force)`);
    } finally {
      await admin.end();
    }
  }

  private instance(number: number): ServiceInstance {
    const instance = this.instances[number - 1];
    if (!instance) throw new Error(`no service instance ${number}`);
    return instance;
  }
}
