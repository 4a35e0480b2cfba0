/**
 * The shift report operation's answer connects to the printed X and Z layouts through shared/shift-report-print.ts
 * with nothing but the printing side's own fields (language, heading, time printed): the figures printed are the
 * service's, and the Z's over/short on paper is the one the service computed.
 */
import { describe, expect, it } from 'vitest';
import type { ShiftReportWire } from '../../shared/catalogue/outputs/settlement-cash.js';
import { shiftReportFigures, zReportFigures } from '../../shared/shift-report-print.js';
import { xReportDocument, zReportDocument } from '../../main/printing/layouts/shift-report.js';

const REPORT: ShiftReportWire = {
  settlement_id: 's-1',
  name: 'Morning',
  workplace_id: 'wp-1',
  is_closed: true,
  opened_at: '2026-11-25T08:00:00.000Z',
  closed_at: '2026-11-25T20:00:00.000Z',
  sales_count: 3,
  sales_total: '5040',
  refunds_count: 1,
  refunds_total: '1000',
  voided_count: 1,
  discounts_total: '200',
  taxes_total: '240',
  taxes: [{ tax_id: 't-1', name: 'VAT', amount: '240' }],
  by_payment_method: [
    { payment_method_id: 'pm-card', name: 'Card', kind: 'CARD', sales: '1800', refunds: '0', tips: '0', payment_count: 1 },
    { payment_method_id: 'pm-cash', name: 'Cash', kind: 'CASH', sales: '3240', refunds: '1000', tips: '0', payment_count: 2 },
  ],
  opening_cash: '50000',
  cash_sales: '3240',
  cash_refunds: '1000',
  cash_in: '10000',
  cash_out: '3000.5',
  expected_cash: '59239.5',
  cash_moves: [],
  open_orders: 0,
  counted_cash: '59200',
  over_short: '-39.5',
  expected_cash_at_close: '59239.5',
  changed_since_close: false,
  cash_counts: [],
  cash_count_difference: null,
};
const printing = { language: 'en' as const, heading: { business: 'Shop', point: 'Main', till: 'Till 1', cashier: 'Aziza' }, printedAt: '2026-11-25T20:00:05.000Z' };
const text = (blocks: readonly { kind: string; text?: string }[]) => blocks.flatMap((block) => (block.kind === 'line' ? [block.text ?? ''] : [])).join('\n');

describe('the shift report on paper', () => {
  it('lays out the X figures the service answered', () => {
    const printed = text(xReportDocument({ ...shiftReportFigures(REPORT), ...printing }, 48).blocks);
    expect(printed).toContain('Morning');
    expect(printed).toMatch(/VAT\s+240/);
    expect(printed).toMatch(/59[ ,]?239[.,]50/);
  });

  it('prints the Z with the counted cash and the same short as the service', () => {
    const z = zReportFigures(REPORT);
    expect(z).not.toBeNull();
    const printed = text(zReportDocument({ ...z!, ...printing }, 48).blocks);
    expect(printed).toMatch(/59[ ,]?200/);
    expect(printed).toMatch(/-39[.,]50/);
  });

  it('prints the till’s own count and close time on its Z when the office closed the shift first with another count', () => {
    const count = { user_id: null, employee_id: null, workplace_id: null, over_short: null };
    const twice: ShiftReportWire = {
      ...REPORT,
      counted_cash: '59000',
      cash_counts: [
        { ...count, id: 'c-office', source: 'office', user_id: 'owner', counted_at: '2026-11-25T19:00:00.000Z', counted_cash: '59000' },
        { ...count, id: 'c-till', source: 'till', employee_id: 'aziza', workplace_id: 'wp-1', counted_at: '2026-11-25T20:10:00.000Z', counted_cash: '59200' },
      ],
      cash_count_difference: '200',
    };
    expect(zReportFigures(twice, 'wp-1')).toMatchObject({ countedCash: '59200', closedAt: '2026-11-25T20:10:00.000Z' });
    // Another till, or a caller that names none, prints the shift's count.
    expect(zReportFigures(twice, 'wp-2')).toMatchObject({ countedCash: '59000', closedAt: REPORT.closed_at });
    expect(zReportFigures(twice)).toMatchObject({ countedCash: '59000' });
  });

  it('has no Z while the shift is open or was closed without a count', () => {
    expect(zReportFigures({ ...REPORT, is_closed: false, closed_at: null, counted_cash: null })).toBeNull();
    expect(zReportFigures({ ...REPORT, counted_cash: null })).toBeNull();
  });
});
