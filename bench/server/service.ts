/**
 * Starts the real central service as a child process (its own event loop and core, as in production) on a
 * fresh database, and waits until it answers.
 */
import { dropCaptureSlots } from '../../db/change-capture.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A new PostgreSQL database for one run, and how to drop it. */
export async function freshPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `kassa_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await dropCaptureSlots((text, values) => cleanup.query(text, values), name);
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface RunningService {
  readonly baseUrl: string;
  /** CPU seconds the service process has used so far (Linux; null elsewhere). */
  serviceCpuSeconds(): number | null;
  /** The service's database, for seeding it directly. */
  readonly databaseUrl: string;
  stop(): Promise<void>;
}

/** `env` adds or overrides service settings (e.g. a longer query time limit). */
export async function startService(engine: 'sqlite' | 'postgres', port: number, env: Record<string, string> = {}): Promise<RunningService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kassa-bench-'));
  const postgres = engine === 'postgres' ? await freshPostgresUrl() : undefined;
  const databaseUrl = postgres?.url ?? join(dataDir, 'kassa.sqlite');
  // BENCH_SERVICE_NODE_ARGS: extra node flags for the service alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to
  // profile it (Node refuses --cpu-prof in NODE_OPTIONS; the service writes the profile when stopped).
  const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
      ...env,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 150; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    databaseUrl,
    serviceCpuSeconds: () => (child.pid === undefined ? null : processCpuSeconds(child.pid)),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await postgres?.drop();
      // The SQLite file of a run is hundreds of megabytes: runs must not pile them up.
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** utime + stime of a process and its threads, from /proc (Linux); null where /proc is not there. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** CPU seconds used so far by every PostgreSQL process on this machine (Linux; null elsewhere). */
export function postgresCpuSeconds(): number | null {
  try {
    let total = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
        total += processCpuSeconds(Number(entry)) ?? 0;
      } catch {
        // the process ended meanwhile
      }
    }
    return total;
  } catch {
    return null;
  }
}

/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;
