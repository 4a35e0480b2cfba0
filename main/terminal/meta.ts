/** The terminal's key/value state (`terminal_meta`), read and written inside the caller's transaction. */
import { sql, type Kysely } from 'kysely';

export type MetaKey =
  | 'service_url'
  | 'business_id'
  | 'terminal_id'
  | 'workplace_id'
  | 'point_id'
  | 'access_token'
  | 'epoch'
  | 'next_seq'
  | 'cursor'
  | 'last_time';

export async function readMeta(db: Kysely<unknown>, key: MetaKey): Promise<string | null> {
  const row = (await sql<{ value: string }>`select value from terminal_meta where key = ${key}`.execute(db)).rows[0];
  return row?.value ?? null;
}

export async function writeMeta(db: Kysely<unknown>, key: MetaKey, value: string): Promise<void> {
  await sql`insert into terminal_meta (key, value) values (${key}, ${value}) on conflict (key) do update set value = excluded.value`.execute(db);
}

export async function requireMeta(db: Kysely<unknown>, key: MetaKey): Promise<string> {
  const value = await readMeta(db, key);
  if (value === null) throw new Error(`the terminal is not enrolled (no ${key})`);
  return value;
}

/** A new epoch: the identity of this local database in the service's operation ordering. */
export const newEpoch = () => `e-${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
