/** Small reads of the change log (db/change-capture.ts) and JSON-text helpers shared by pull and bootstrap. */
import type { Db } from '../context.js';

/**
 * The business's newest version (0 before its first captured write): its clock, moved by the stamp (SQLite) or by
 * the capture consumer once the version's records are in the log (PostgreSQL, db/change-capture.ts).
 */
export async function headVersion(db: Db, businessId: string): Promise<bigint> {
  const clock = await db.selectFrom('sync_clock').select('version').where('business_id', '=', businessId).executeTakeFirst();
  return clock ? BigInt(clock.version) : 0n;
}

/** A string as a JSON literal. */
export const jsonString = (value: string): string => JSON.stringify(value);
