/**
 * SQLite: a small file beside the database (`<database>.generation`) that remembers, outside it, how far the
 * database had come — its generation and the sum of its businesses' versions — so a copy put back over the same
 * file (same inode: `cp backup.sqlite kassa.sqlite`) is still noticed at the next start: versions only ever grow,
 * so a database holding less than its witness saw was put back (./establish.ts).
 *
 * Written at start, every WITNESS_EVERY_MS and when the service stops; it lags by at most that, and a restore of a
 * copy newer than the witness's last write is left to the tills' own checks. Written to a temporary name and
 * renamed, so a crash never leaves half a witness; an unreadable one is ignored.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Db } from '../../app/context.js';
import { readGeneration } from '../../app/sync/generation.js';

export const WITNESS_EVERY_MS = 30_000;

export interface Witness {
  readonly generation: string;
  readonly clockSum: bigint;
}

export const witnessFile = (databaseFile: string): string => `${databaseFile}.generation`;

/** The sum of every business's version: it grows with every write the log records. */
export async function clockSum(db: Db): Promise<bigint> {
  const row = (await sql<{ total: string | number | bigint | null }>`select cast(coalesce(sum(version), 0) as text) as total from sync_clock`.execute(db)).rows[0];
  return BigInt(row?.total ?? 0);
}

export function readWitness(databaseFile: string): Witness | null {
  try {
    const parsed = JSON.parse(readFileSync(witnessFile(databaseFile), 'utf8')) as { generation?: unknown; clockSum?: unknown };
    if (typeof parsed.generation !== 'string' || typeof parsed.clockSum !== 'string' || !/^[0-9]{1,30}$/.test(parsed.clockSum)) return null;
    return { generation: parsed.generation, clockSum: BigInt(parsed.clockSum) };
  } catch {
    return null;
  }
}

export async function writeWitness(db: Db, databaseFile: string): Promise<void> {
  const witness = { generation: (await readGeneration(db)).generation, clockSum: (await clockSum(db)).toString() };
  const file = witnessFile(databaseFile);
  writeFileSync(`${file}.tmp`, JSON.stringify(witness));
  renameSync(`${file}.tmp`, file);
}

/** Forgets the witness (a restore put another database in place: the next start writes a new one). */
export function removeWitness(databaseFile: string): void {
  rmSync(witnessFile(databaseFile), { force: true });
}

/** Keeps the witness current while the service runs; `stop` writes it one last time. */
export function keepWitness(db: Db, databaseFile: string, onError: (error: unknown) => void): { stop(): Promise<void> } {
  const write = () => writeWitness(db, databaseFile).catch(onError);
  const timer = setInterval(() => void write(), WITNESS_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await write();
    },
  };
}
