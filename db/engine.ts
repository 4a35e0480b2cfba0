/**
 * Which engine a database handle talks to. Most code is the same on both; where it is not, the reason is one of
 * a few: concurrent writers on PostgreSQL need explicit row locks (`for update`) while SQLite has a single writer,
 * so a plain read inside a write transaction is already current; and a few statements are worth writing for each
 * engine (data-modifying CTEs exist only on PostgreSQL, and every PostgreSQL statement is a network round trip).
 */
import { PostgresAdapter, type Kysely } from 'kysely';

/** True on PostgreSQL, false on SQLite. */
export function onPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
