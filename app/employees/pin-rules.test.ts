import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { OperationError } from '../../shared/errors.js';
import type { OperationContext } from '../context.js';
import { hashSecret, PIN_COST, verifySecret } from '../security/secret-hash.js';
import { assertPinFree, claimPin, couldShareWorkplace, PIN_TAKEN_MESSAGE } from './pin-rules.js';

describe('couldShareWorkplace', () => {
  it('pairs employees of the same workplace, and an employee without one with everybody', () => {
    expect(couldShareWorkplace('a', 'a')).toBe(true);
    expect(couldShareWorkplace('a', 'b')).toBe(false);
    expect(couldShareWorkplace(null, 'b')).toBe(true);
    expect(couldShareWorkplace('a', null)).toBe(true);
    expect(couldShareWorkplace(null, null)).toBe(true);
  });
});

describe('the PIN rules on a local store', () => {
  let handle: DatabaseHandle;
  let counter = 0;
  const ctx: OperationContext = {
    businessId: 'b1',
    actor: { kind: 'user', id: 'owner', role: 'OWNER' },
    now: '2025-01-01T00:00:00.000Z',
    side: 'terminal',
    newId: () => `id-${(counter += 1)}`,
  };

  async function addEmployee(
    id: string,
    pin: string,
    workplaceId: string | null,
    options: { deleted?: boolean; businessId?: string } = {},
  ) {
    await handle.db
      .insertInto('employees')
      .values({
        business_id: options.businessId ?? 'b1',
        id,
        full_name: id,
        guid: null,
        role_id: '0',
        pin_hash: await hashSecret(pin, PIN_COST),
        employee_address: null,
        workplace_id: workplaceId,
        telegram_id: null,
        phone_number: null,
        notes: null,
        email: null,
        is_deleted: options.deleted ? 1 : 0,
        dt_created: ctx.now,
        dt_updated: ctx.now,
      })
      .execute();
  }

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof OperationError ? `${error.statusCode} ${error.message}` : String(error)),
    );

  beforeAll(async () => {
    handle = openDatabase(':memory:');
    await migrateToLatest(handle.db as never);
    await addEmployee('at-w1', '1111', 'w1');
    await addEmployee('floating', '2222', null);
    await addEmployee('left', '3333', 'w1', { deleted: true });
    await addEmployee('elsewhere', '4444', 'w1', { businessId: 'b2' });
  });
  afterAll(() => handle.close());

  it('refuses a PIN held by a live colleague who could share the workplace', async () => {
    expect(await refusal(assertPinFree(handle.db, ctx, '1111', 'w1'))).toBe(`400 ${PIN_TAKEN_MESSAGE}`);
    expect(await refusal(assertPinFree(handle.db, ctx, '1111', null))).toBe(`400 ${PIN_TAKEN_MESSAGE}`);
    expect(await refusal(assertPinFree(handle.db, ctx, '2222', 'w2'))).toBe(`400 ${PIN_TAKEN_MESSAGE}`);
  });

  it('allows a PIN held only at another workplace, by a deleted employee, by the employee itself or in another business', async () => {
    expect(await refusal(assertPinFree(handle.db, ctx, '1111', 'w2'))).toBeNull();
    expect(await refusal(assertPinFree(handle.db, ctx, '3333', 'w1'))).toBeNull();
    expect(await refusal(assertPinFree(handle.db, ctx, '1111', 'w1', 'at-w1'))).toBeNull();
    expect(await refusal(assertPinFree(handle.db, ctx, '4444', 'w1'))).toBeNull();
  });

  it('returns a salted hash of a free PIN, never the PIN itself', async () => {
    const hash = await claimPin(handle.db, ctx, '5555', 'w1');
    expect(hash).not.toContain('5555');
    expect(await verifySecret('5555', hash)).toBe(true);
    expect(await claimPin(handle.db, ctx, '5555', 'w1')).not.toBe(hash);
  });
});
