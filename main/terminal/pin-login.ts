/**
 * Employee PIN login at the till, offline included: the PIN is checked against the salted hashes mirrored from the
 * service (employees.pin_hash), and failures are counted in the terminal's own store (`pin_lockout`), so a
 * restart does not reset the count. The lockout policy is the service's (app/security/pin-lockout-policy.ts):
 * each attempt is charged before the PIN is checked and forgiven on success; while locked even the right PIN is
 * refused (429 with the seconds to wait).
 */
import { sql, type Kysely } from 'kysely';
import { conflict, OperationError, unauthorized } from '../../shared/errors.js';
import { EMPLOYEE_PUBLIC_COLUMNS, employeeWire } from '../../app/employees/employee-wire.js';
import { lockSeconds, secondsLeft } from '../../app/security/pin-lockout-policy.js';
import { verifySecret } from '../../app/security/secret-hash.js';
import { requireMeta } from './meta.js';
import type { TerminalStore } from './store.js';

export type LoggedInEmployee = ReturnType<typeof employeeWire>;

/** Counts an attempt unless the till is locked; returns the seconds left of a lock, or 0. */
async function charge(store: TerminalStore, workplaceId: string, now: Date): Promise<number> {
  return store.writes.transaction(async (tx) => {
    const local = tx as unknown as Kysely<unknown>;
    const row = (await sql<{ failures: bigint; locked_until: string | null }>`select failures, locked_until from pin_lockout where workplace_id = ${workplaceId}`.execute(local)).rows[0];
    const left = secondsLeft(row?.locked_until ?? null, now);
    if (left > 0) return left;
    const failures = Number(row?.failures ?? 0) + 1;
    const lock = lockSeconds(failures);
    const until = lock > 0 ? new Date(now.getTime() + lock * 1000).toISOString() : null;
    await sql`
      insert into pin_lockout (workplace_id, failures, locked_until) values (${workplaceId}, ${failures}, ${until})
      on conflict (workplace_id) do update set failures = excluded.failures, locked_until = excluded.locked_until`.execute(local);
    return 0;
  });
}

async function forgive(store: TerminalStore, workplaceId: string): Promise<void> {
  await store.writes.transaction((tx) => sql`delete from pin_lockout where workplace_id = ${workplaceId}`.execute(tx as unknown as Kysely<unknown>));
}

/**
 * The employee whose PIN this is, at this till; throws 401 (wrong PIN), 409 (shared PIN) or 429 (locked).
 * `accept` (a manager's approval, main/terminal/manager-approval.ts) may refuse the employee found by throwing:
 * the attempt then stays charged, so a cashier's own PIN never clears the count of guesses at a manager's.
 */
export async function pinLogin(
  store: TerminalStore,
  pin: string,
  // The sane clock: a lockout must not end because the OS clock was moved ahead.
  now: Date = new Date(store.clock.now()),
  accept?: (employee: LoggedInEmployee) => Promise<void>,
): Promise<LoggedInEmployee> {
  const local = store.db as unknown as Kysely<unknown>;
  const workplaceId = await requireMeta(local, 'workplace_id');
  const businessId = await requireMeta(local, 'business_id');
  const wait = await charge(store, workplaceId, now);
  if (wait > 0) throw new OperationError(429, `Too many wrong PINs at this till; try again in ${wait} seconds`, { retryAfterSeconds: wait });
  const people = await store.db
    .selectFrom('employees')
    .select([...EMPLOYEE_PUBLIC_COLUMNS, 'pin_hash'])
    .where('business_id', '=', businessId)
    .where('is_deleted', '=', 0)
    .where((eb) => eb.or([eb('workplace_id', '=', workplaceId), eb('workplace_id', 'is', null)]))
    .execute();
  const checks = await Promise.all(people.map((person) => verifySecret(pin, person.pin_hash)));
  const matches = people.filter((_person, index) => checks[index]);
  if (matches.length > 1) throw conflict('More than one employee of this till has this PIN; ask a manager to change one of them');
  if (matches.length === 0) throw unauthorized('Invalid pincode');
  const employee = employeeWire(matches[0]!);
  if (accept) await accept(employee);
  await forgive(store, workplaceId);
  return employee;
}
