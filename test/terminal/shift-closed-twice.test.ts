/**
 * A till that closed its shift offline while the office closed it too (docs/selling/shifts.md, "Closed twice"): on
 * sync its close is applied with a warning instead of landing in the needs-attention inbox, the till ends with the
 * service's shift — the office's count first, its own beside it — and its Z still prints with its own count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Terminal } from '../../main/terminal/terminal.js';
import { openWarnings } from '../../main/terminal/warnings.js';
import { TillPrinting } from '../../main/printing/till-printing.js';
import type { TillReader } from '../../main/printing/till-reader.js';
import { testEngines } from '../helpers/databases.js';
import { startTillService, type TillService } from '../helpers/till-service.js';

/** Printing's reads, through this till's core as the cashier (as the shell's reader does). */
function tillReader(till: Terminal, cashier: string): TillReader {
  return {
    read: ((operation: string, input: { params?: Record<string, string> } = {}) => till.run(operation, { params: input.params ?? {} }, cashier)) as TillReader['read'],
    async identity() {
      const scope = await till.scope();
      return { business: 'Shop', point: 'Point', till: 'Till 1', pointId: scope?.pointId ?? null, workplaceId: scope?.workplaceId ?? null };
    },
    cashier: async () => ({ id: cashier, full_name: 'Aziza' }),
  };
}

describe.each(await testEngines())('a shift closed at the office and offline at its till, against a %s service', (engine) => {
  let service: TillService;

  beforeAll(async () => {
    service = await startTillService(engine);
  });
  afterAll(() => service.close());

  it('keeps the till’s own count after sync beside the office’s, with a warning and no inbox entry, and still prints its Z with its own count', async () => {
    const till = await service.till();
    const { cashier } = service;
    const opened = (await till.run('SettlmentController_create', { body: { name: 'Evening', opening_cash: '1000' } }, cashier)) as { id: string };
    await till.sync();
    const office = await service.rest('PATCH', `/settlements/update/${opened.id}`, { is_closed: true, counted_cash: '1000' });
    expect(office.status, JSON.stringify(office.body)).toBe(200);
    // Offline, the till has not heard of it: it closes the shift with its own count and prints its Z.
    await till.run('SettlmentController_update', { params: { id: opened.id }, body: { is_closed: true, counted_cash: '990' } }, cashier);
    const printing = new TillPrinting({ reader: tillReader(till, cashier) });
    const zPrinted = async () =>
      (await printing.preview({ kind: 'shift-report', settlementId: opened.id, final: true, language: 'en' })).lines.join('\n');
    expect(await zPrinted()).toMatch(/Counted cash +990\n.*-10/);

    await till.sync();

    expect(await till.inbox()).toEqual([]);
    expect(await till.pendingOperations()).toBe(0);
    expect((await openWarnings(till.store)).map((warning) => [warning.code, warning.names[opened.id]])).toEqual([['SHIFT_ALREADY_CLOSED', 'Evening']]);
    const here = (await till.run('SettlmentController_report', { params: { id: opened.id } }, cashier)) as Record<string, any>;
    const there = (await service.rest('GET', `/settlements/${opened.id}/report`)).body;
    // The till holds the service's shift: the office's count is the shift's, the till's own is kept beside it.
    expect(here).toEqual(there);
    expect(here).toMatchObject({ counted_cash: '1000', over_short: '0', cash_count_difference: '10' });
    expect(here.cash_counts.map((count: Record<string, unknown>) => [count.source, count.counted_cash, count.employee_id ?? count.user_id])).toEqual([
      ['office', '1000', service.shop.userId],
      ['till', '990', cashier],
    ]);
    const z = await zPrinted();
    expect(z).toContain('Z REPORT');
    expect(z).toMatch(/Counted cash +990\n.*-10/);
  });
});
