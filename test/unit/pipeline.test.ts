/**
 * The one pipeline every way into an operation goes through (app/pipeline.ts): what `prepare` refuses and for
 * whom, that it validates the input once, and the context it builds from what the caller supplies. No database:
 * `prepare` reads nothing (the lookups a caller gives it are plain functions here).
 */
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../shared/catalogue/index.js';
import { isQueueable, type OperationSpec } from '../../shared/catalogue/operation.js';
import { MONEY, QUANTITY } from '../../shared/decimal.js';
import { OperationError } from '../../shared/errors.js';
import { derivedIds } from '../../app/sync/derived-ids.js';
import { checkInput, prepare, type Caller } from '../../app/pipeline.js';

const who = { businessId: 'b1', actor: { kind: 'employee' as const, id: 'e1', role: 'EMPLOYEE' as const, workplaceId: 'w1', pointId: 'p1' } };
const owner = { businessId: 'b1', actor: { kind: 'user' as const, id: 'u1', role: 'OWNER' as const } };
const queued = (queue: 'till' | 'push'): Caller => ({ who, now: '2026-11-25T10:00:00.000Z', side: queue === 'till' ? 'terminal' : 'server', ids: { mutationId: 'm1', occurredAt: '2026-11-25T10:00:00.000Z' }, queue });
const rest: Caller = { who: owner, now: '2026-11-25T10:00:00.000Z', side: 'server', ids: 'fresh' };

async function refusal(promise: Promise<unknown>): Promise<{ statusCode: number; reason: unknown; detail: unknown }> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof OperationError)) throw new Error(`expected an OperationError, got ${String(error)}`);
  return { statusCode: error.statusCode, reason: error.reason, detail: error.detail };
}

describe('the pipeline’s prepare', () => {
  it('refuses an unknown operation in each way’s words: 404 at the till, NOT_QUEUEABLE in a push', async () => {
    expect(await refusal(prepare('NoSuchController_run', {}, queued('till')))).toMatchObject({ statusCode: 404, reason: 'NoSuchController_run is not an operation the terminal runs' });
    expect(await refusal(prepare('NoSuchController_run', {}, queued('push')))).toMatchObject({ statusCode: 400, detail: { code: 'NOT_QUEUEABLE' } });
  });

  it('answers a till’s read but refuses a read in a push; refuses an online-only write at the till with 503', async () => {
    await expect(prepare('WarehouseController_findAll', {}, queued('till'))).resolves.toMatchObject({ reads: true });
    expect(await refusal(prepare('WarehouseController_findAll', {}, queued('push')))).toMatchObject({ statusCode: 400, detail: { code: 'NOT_QUEUEABLE' } });
    expect(await refusal(prepare('LogController_create', { body: {} }, queued('till')))).toMatchObject({ statusCode: 503 });
  });

  it('refuses a queued write not open to cashiers with 403, before looking up who did it', async () => {
    const lookups: string[] = [];
    const caller: Caller = { ...queued('push'), who: async () => (lookups.push('who'), who) };
    expect(await refusal(prepare('WarehouseController_remove', { params: { id: 'w1' } }, caller))).toMatchObject({ statusCode: 403, reason: 'WarehouseController_remove is not allowed to cashiers' });
    expect(await refusal(prepare('WarehouseController_remove', { params: { id: 'w1' } }, queued('till')))).toMatchObject({ statusCode: 403, reason: 'Forbidden resource' });
    expect(lookups).toEqual([]);
  });

  it('validates params, then body, naming each field, and gives exact values', async () => {
    expect(await refusal(prepare('WarehouseController_update', { body: { name: 'x' } }, rest))).toMatchObject({ statusCode: 400, reason: ['params.id is required'] });
    expect(await refusal(prepare('WarehouseController_create', { body: { name: 5 } }, rest))).toMatchObject({ statusCode: 400, reason: ['name must be a string'] });
    const sale = await prepare('ClientDebtController_createTransaction', { body: { client_id: 'c1', debt_amount: '12.50', employee_id: 'e1', id_automated_point: 'p1' } }, rest);
    expect((sale.input.body as { debt_amount: bigint }).debt_amount).toBe(1250n);
  });

  it('does not validate again an input this path has already checked', async () => {
    const checked = checkInput(catalogue.find((entry) => entry.operationId === 'SupplierController_create') as OperationSpec, { body: { name: 'Main' } });
    if (!checked.ok) throw new Error('expected a valid input');
    // The wire form is not looked at again: what was checked is what runs.
    const prepared = await prepare('SupplierController_create', { body: { name: 5 } }, { ...queued('till'), checked: checked.input });
    expect(prepared.input).toBe(checked.input);
  });

  it('reads an absolute edit’s basis as the kind its catalogue entry names, and refuses a malformed one', async () => {
    const stock = await prepare('StockQuantityController_update', { params: { id: 's1' }, body: { stock_quantity: '7' }, basis: { value: '2.5' } }, queued('push'));
    expect(stock.context.basis).toEqual({ value: 2500n });
    const debt = await prepare('ClientDebtController_updateDebt', { params: { id: 'd1' }, body: { debt_amount: '7' }, basis: { value: '2.5' } }, queued('push'));
    expect(debt.context.basis).toEqual({ value: 250n });
    expect(await refusal(prepare('ClientDebtController_updateDebt', { params: { id: 'd1' }, body: {}, basis: { value: '1.234' } }, queued('push')))).toMatchObject({
      statusCode: 400,
      reason: expect.stringMatching(/^basis\.value /),
    });
    // Only an absolute edit has a basis.
    const other = await prepare('SupplierController_create', { body: { name: 'Main' }, basis: { value: '2' } }, queued('push'));
    expect(other.context.basis).toBeUndefined();
  });

  it('builds a queued write’s context with ids derived from its mutation id and its warnings; a REST call’s with fresh ids', async () => {
    const sale = await prepare('SupplierController_create', { body: { name: 'Main' } }, { ...queued('till'), editStamp: 'stamp' });
    const expected = derivedIds('m1', '2026-11-25T10:00:00.000Z');
    expect([sale.context.newId(), sale.context.newId()]).toEqual([expected(), expected()]);
    expect(sale.context).toMatchObject({ businessId: 'b1', actor: who.actor, side: 'terminal', queued: { offlineClass: 'descriptive', editStamp: 'stamp' } });
    const live = await prepare('WarehouseController_create', { body: { name: 'Main' } }, rest);
    expect(live.context.queued).toBeUndefined();
    expect(live.context.newId()).not.toBe(live.context.newId());
  });
});

describe('the catalogue says it once', () => {
  const specs = catalogue as readonly OperationSpec[];

  it('gives a basis only to absolute edits, of money or quantity', () => {
    const withBasis = specs.filter((spec) => spec.basis);
    expect(withBasis.map((spec) => spec.operationId).sort()).toEqual(['ClientDebtController_updateDebt', 'StockQuantityController_create', 'StockQuantityController_update']);
    for (const spec of withBasis) {
      expect(spec.offline).toBe('absolute');
      expect([MONEY, QUANTITY]).toContain(spec.basis?.kind);
    }
  });

  it('names the one operation that ends a principal, and queues only the classes a till does locally', () => {
    expect(specs.filter((spec) => spec.principals === 'ends').map((spec) => spec.operationId)).toEqual(['EmployeeController_remove']);
    expect(specs.filter((spec) => isQueueable(spec)).every((spec) => spec.offline !== 'read' && spec.offline !== 'online-only')).toBe(true);
  });
});
