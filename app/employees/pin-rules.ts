/**
 * The PIN rules. A cashier logs in at a workplace with a 4-digit PIN alone, so two live employees who could log
 * in at the same workplace must not share a PIN: the login could not tell them apart. PINs are kept only as
 * salted hashes (the reference stored them in plain text, S3), so "is this PIN taken" means verifying the PIN
 * against each such colleague's hash — fine for the tens of employees a business has. Deleted employees are not
 * colleagues: their PINs can be reused (the reference's globally unique column made that a 500, D12).
 */
import { badRequest } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';
import { hashSecret, PIN_COST, verifySecret } from '../security/secret-hash.js';

/** The reference's message ("this PIN is already assigned to another employee"). */
export const PIN_TAKEN_MESSAGE = 'Ushbu PIN kod allaqachon boshqa xodimga biriktirilgan';

/**
 * Whether employees with these workplaces could log in at the same workplace: the same one, or either has
 * none (an employee with no workplace may log in at any workplace of the business).
 */
export function couldShareWorkplace(a: string | null, b: string | null): boolean {
  return a === null || b === null || a === b;
}

/**
 * Makes PIN changes of one business run one at a time, so two concurrent requests cannot both find a PIN free
 * and both take it. A no-op update of the business row takes its row lock on PostgreSQL until commit (SQLite
 * already runs one write transaction at a time). Must run inside the operation's transaction.
 */
export async function serializePinChanges(db: Db, ctx: OperationContext): Promise<void> {
  await db
    .updateTable('businesses')
    .set((eb) => ({ dt_updated: eb.ref('dt_updated') }))
    .where('id', '=', ctx.businessId)
    .execute();
}

/** Throws 400 (the reference's message) if a live colleague who could share a workplace has this PIN. */
export async function assertPinFree(
  db: Db,
  ctx: OperationContext,
  pin: string,
  workplaceId: string | null,
  exceptId?: string,
): Promise<void> {
  let query = db
    .selectFrom('employees')
    .select(['id', 'workplace_id', 'pin_hash'])
    .where('business_id', '=', ctx.businessId)
    .where('is_deleted', '=', 0);
  if (workplaceId !== null)
    query = query.where((eb) => eb.or([eb('workplace_id', 'is', null), eb('workplace_id', '=', workplaceId)]));
  const colleagues = (await query.execute()).filter(
    (row) => row.id !== exceptId && couldShareWorkplace(row.workplace_id, workplaceId),
  );
  const matches = await Promise.all(colleagues.map((row) => verifySecret(pin, row.pin_hash)));
  if (matches.some(Boolean)) throw badRequest(PIN_TAKEN_MESSAGE);
}

/** Checks a new PIN against the colleagues at `workplaceId` and returns its salted hash (the only form stored). */
export async function claimPin(
  db: Db,
  ctx: OperationContext,
  pin: string,
  workplaceId: string | null,
  exceptId?: string,
): Promise<string> {
  await serializePinChanges(db, ctx);
  await assertPinFree(db, ctx, pin, workplaceId, exceptId);
  return hashSecret(pin, PIN_COST);
}
