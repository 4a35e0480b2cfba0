/**
 * Reads that must see one consistent state (a pull page: the change log, the clock and the operation results;
 * a bootstrap page: the clock and the rows).
 *
 * PostgreSQL: a REPEATABLE READ READ ONLY transaction, one snapshot for every statement in it. SQLite: a
 * transaction on the single connection, which keeps the group-commit writer (db/transactor.ts) from committing
 * between our statements; it holds the writer back only for the few milliseconds of the read.
 */
import type { Db } from '../context.js';
import { onPostgres } from '../operation.js';

export function readSnapshot<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  const transaction = onPostgres(db) ? db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only') : db.transaction();
  return transaction.execute(read);
}
