/** The terminal's key/value state (`terminal_meta`), read and written inside the caller's transaction. */
import { sql, type Kysely } from 'kysely';

export type MetaKey =
  | 'service_url'
  | 'business_id'
  /** The business's name as enrollment gave it, for the sign-in screen. */
  | 'business_name'
  | 'terminal_id'
  | 'workplace_id'
  | 'point_id'
  | 'access_token'
  | 'epoch'
  | 'next_seq'
  | 'cursor'
  /** Before the hybrid logical clock: the last operation's time (read once, to start the clock from it). */
  | 'last_time'
  /** The hybrid logical clock's last stamp (clock.ts). */
  | 'hlc'
  /**
   * The latest time this till knew to be right: the service's time in an answer, or a stamp reckoned from it
   * (clock.ts). A till started with its OS clock behind it knows the clock was set back (till-clock.ts).
   */
  | 'clock_right_at'
  /** The counter of this till's last sale number ("A-17": 17), taken with the sale (order-number.ts). */
  | 'last_sale_counter'
  /** A copy of the till's own series: its install tag and last counter ("K7Q:17" for "A-17.K7Q"; order-number.ts). */
  | 'tagged_sale_counter'
  /**
   * When the service first refused this terminal's credential (401 to push, pull or bootstrap: revoked by the
   * owner, its workplace deleted). Set, the till takes no new operations until it is enrolled again (terminal.ts).
   */
  | 'credential_refused_at'
  /** Why: REVOKED, or TERMINAL_UNKNOWN (the service was restored from a backup older than this till's enrollment). */
  | 'credential_refused_reason'
  /** The service's database generation this till last synced under (./rewind.ts); null before it learned one. */
  | 'service_generation'
  /** Why this till must download its data again before its next pull (a rewound service); absent otherwise. */
  | 'pending_redownload'
  /** The random part of this install's id, made with the store (./install-id.ts). */
  | 'install_seed'
  /** The install this till was enrolled from: another install opening this data is a copy of the till. */
  | 'enrolled_install_id'
  /** The install that opened this data last (Terminal.open): another than `enrolled_install_id` is a copy of the till. */
  | 'current_install_id'
  /**
   * When this till learned it is a copy of another till (the service said so, or its data was opened by another
   * install): it takes no new operations until it is enrolled as a new till, and still delivers what it holds.
   */
  | 'copy_detected_at';

export async function readMeta(db: Kysely<unknown>, key: MetaKey): Promise<string | null> {
  const row = (await sql<{ value: string }>`select value from terminal_meta where key = ${key}`.execute(db)).rows[0];
  return row?.value ?? null;
}

export async function writeMeta(db: Kysely<unknown>, key: MetaKey, value: string): Promise<void> {
  await sql`insert into terminal_meta (key, value) values (${key}, ${value}) on conflict (key) do update set value = excluded.value`.execute(db);
}

export async function deleteMeta(db: Kysely<unknown>, key: MetaKey): Promise<void> {
  await sql`delete from terminal_meta where key = ${key}`.execute(db);
}

export async function requireMeta(db: Kysely<unknown>, key: MetaKey): Promise<string> {
  const value = await readMeta(db, key);
  if (value === null) throw new Error(`the terminal is not enrolled (no ${key})`);
  return value;
}

/** A new epoch: the identity of this local database in the service's operation ordering. */
export const newEpoch = () => `e-${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;

/**
 * Continues the pending operations under a fresh epoch, numbered from 1 (their mutationIds unchanged), inside the
 * caller's transaction.
 */
export async function continueUnderNewEpoch(local: Kysely<unknown>): Promise<void> {
  const epoch = newEpoch();
  const rows = (await sql<{ seq: bigint }>`select seq from outbox order by seq`.execute(local)).rows;
  // Two steps, so the new numbers never collide with old ones in the primary key.
  await sql`update outbox set seq = -seq`.execute(local);
  await sql`update undo_log set seq = -seq`.execute(local);
  let next = 1;
  for (const row of rows) {
    await sql`update outbox set seq = ${next}, epoch = ${epoch}, status = 'pending' where seq = ${-Number(row.seq)}`.execute(local);
    await sql`update undo_log set seq = ${next} where seq = ${-Number(row.seq)}`.execute(local);
    next += 1;
  }
  await writeMeta(local, 'epoch', epoch);
  await writeMeta(local, 'next_seq', String(next));
}
