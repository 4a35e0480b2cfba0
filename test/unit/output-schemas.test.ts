/**
 * The output schemas and the test-time check that proves them (test/setup/output-check.ts): every catalogue
 * operation has a schema, and the check tells a renamed field, a float where money belongs and a Date-less
 * instant apart from an extra field, which it only reports.
 */
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../shared/catalogue/index.js';
import { operationOutputs } from '../../shared/catalogue/outputs/index.js';
import { problemsOf, wireForm } from '../setup/output-problems.js';
import { JsonText } from '../../server/sync/json-text.js';

const warehouse = { id: 'w1', is_deleted: false, dt_created: '2026-01-01T00:00:00.000Z', dt_updated: '2026-01-01T00:00:00.000Z', name: 'Main', location: null, is_default: true };

describe('output schemas', () => {
  it('name every operation of the catalogue and nothing else', () => {
    const ids = catalogue.map((entry) => entry.operationId).sort();
    expect(Object.keys(operationOutputs).sort()).toEqual(ids);
  });

  it('accept an answer exactly as a handler sends it', () => {
    expect(problemsOf('WarehouseController_create', warehouse)).toEqual({ wrong: [], extra: [] });
    expect(problemsOf('WarehouseController_findAll', [warehouse, warehouse])).toEqual({ wrong: [], extra: [] });
  });

  it('find a renamed field wrong, naming the field the schema expects', () => {
    const { location, ...rest } = warehouse;
    const found = problemsOf('WarehouseController_create', { ...rest, place: location });
    expect(found.wrong).toEqual(['location: Invalid input: expected string, received undefined']);
    expect(found.extra).toEqual(['(the answer) has fields the schema does not name: place']);
  });

  it('find money sent as a JS number wrong, and money with too many decimals', () => {
    const row = { id: 'c1', is_deleted: false, dt_created: warehouse.dt_created, dt_updated: warehouse.dt_updated, client_id: 'k', debt_amount: 12.5, employee_id: 'e', id_automated_point: 'p' };
    expect(problemsOf('ClientDebtController_findOneDebt', row).wrong).toEqual(['debt_amount: Invalid input: expected string, received number']);
    expect(problemsOf('ClientDebtController_findOneDebt', { ...row, debt_amount: '12.505' }).wrong).toEqual(['debt_amount: must be money as a decimal string']);
  });

  it('reports one extra field of every row of a list once, by its place in a row', () => {
    const found = problemsOf('WarehouseController_findAll', [{ ...warehouse, secret: 'x' }, { ...warehouse, secret: 'y' }]);
    expect(found.wrong).toEqual([]);
    expect([...new Set(found.extra)]).toEqual(['[] has fields the schema does not name: secret']);
  });

  it('looks at the wire form: a Date becomes ISO text, a page already serialised is parsed back', () => {
    expect(wireForm({ at: new Date('2026-01-02T03:04:05.000Z'), gone: undefined })).toEqual({ at: '2026-01-02T03:04:05.000Z' });
    expect(wireForm(new JsonText('{"a":1}'))).toEqual({ a: 1 });
    expect(problemsOf('WarehouseController_create', { ...warehouse, dt_created: new Date(warehouse.dt_created) })).toEqual({ wrong: [], extra: [] });
  });

  it('checks a long list by its first and last rows, so a wrong last row is still found', () => {
    const rows = Array.from({ length: 1000 }, (_, index) => ({ ...warehouse, id: `w${index}` }));
    expect((wireForm(rows) as unknown[]).length).toBe(200);
    rows[999] = { ...warehouse, is_default: 'yes' } as never;
    expect(problemsOf('WarehouseController_findAll', rows).wrong).toEqual(['[].is_default: Invalid input: expected boolean, received string']);
  });
});
