/**
 * The till's printing over a reader of plain data (no core): how an order's rows become a receipt (modifiers under
 * their line, line and order discounts, taxes summed per tax), the shift reports computed from the shift's orders,
 * and what the cashier is told when there is no printer or the printer fails.
 */
import { describe, expect, it } from 'vitest';
import { NameBook } from '../../../main/printing/name-book.js';
import type { PrintOutcome } from '../../../main/printing/print-outcome.js';
import { PrintService } from '../../../main/printing/print-service.js';
import { TillPrinting } from '../../../main/printing/till-printing.js';
import type { TillReader } from '../../../main/printing/till-reader.js';

const stamp = { is_deleted: false, dt_created: '2026-11-25T09:00:00.000Z', dt_updated: '2026-11-25T09:00:00.000Z' };

function order(overrides: Record<string, unknown> = {}) {
  return {
    ...stamp,
    id: 'order-1',
    guid: null,
    order_id: 'K-77',
    order_name: null,
    total_discount: '1500',
    total_tax: '0',
    total_paid: '50000',
    total_change: '5300',
    subtotal: '46000',
    total_sum: '44700',
    settlement_id: 'shift-1',
    discount_percent: null,
    discount_sum: null,
    employee_id: 'emp-1',
    client_id: null,
    payment_id: null,
    automated_point_id: 'point-1',
    workplace_id: 'till-1',
    barcode: null,
    delivery_fee: null,
    dt_closed: '2026-11-25T09:05:00.000Z',
    is_voided: false,
    is_refunded: false,
    is_closed: true,
    items: [
      { ...stamp, id: 'l1', order_id: 'order-1', item_id: 'coffee', quantity: '2', price: '18000', subtotal: '36000', note: null, employee_id: 'emp-1', discount_id: null, warehouse_id: null, is_voided: false, is_refunded: false },
      { ...stamp, id: 'l2', order_id: 'order-1', item_id: 'syrup', quantity: '2', price: '500', subtotal: '1000', note: null, employee_id: 'emp-1', discount_id: null, warehouse_id: null, is_voided: false, is_refunded: false },
      { ...stamp, id: 'l3', order_id: 'order-1', item_id: 'bread', quantity: '2', price: '4500', subtotal: '9000', note: null, employee_id: 'emp-1', discount_id: null, warehouse_id: null, is_voided: false, is_refunded: false },
      { ...stamp, id: 'l4', order_id: 'order-1', item_id: 'bread', quantity: '1', price: '4500', subtotal: '4500', note: null, employee_id: 'emp-1', discount_id: null, warehouse_id: null, is_voided: true, is_refunded: false },
    ],
    discounts: [
      { ...stamp, id: 'd1', order_id: 'order-1', item_id: 'bread', discount_value: '1000', discount_percent: null, discount_id: null },
      { ...stamp, id: 'd2', order_id: 'order-1', item_id: null, discount_value: '500', discount_percent: null, discount_id: 'loyal' },
    ],
    taxes: [
      { ...stamp, id: 't1', order_id: 'order-1', item_id: 'coffee', tax_id: 'vat', tax_percent: '12', tax_value: '3857.14', fee_percent: null, fee_value: null },
      { ...stamp, id: 't2', order_id: 'order-1', item_id: 'bread', tax_id: 'vat', tax_percent: '12', tax_value: '857.14', fee_percent: null, fee_value: null },
    ],
    delivery: null,
    payments: [
      { ...stamp, id: 'p1', employee_id: 'emp-1', order_id: 'order-1', workplace_id: 'till-1', payment_type_id: 'cash', paid_sum: '30000', settlement_id: 'shift-1', tip_amount: null, discount_id: null, payment_data: null, payment_device_id: null, payment_batch_id: null, card_number: null, card_expire_date: null, card_type: null, note: null, label: null, is_refunded: false },
      { ...stamp, id: 'p2', employee_id: 'emp-1', order_id: 'order-1', workplace_id: 'till-1', payment_type_id: 'card', paid_sum: '20000', settlement_id: 'shift-1', tip_amount: null, discount_id: null, payment_data: null, payment_device_id: null, payment_batch_id: null, card_number: null, card_expire_date: null, card_type: null, note: null, label: null, is_refunded: false },
    ],
    ...overrides,
  };
}

function reader(printers: unknown[] = [{ ...stamp, id: 'pr', name: 'Kassa', guid: null, ip_address: '127.0.0.1', port: '9100', provider: null, mac_address: null, type: '58mm' }], orders = [order()]): TillReader {
  const lists: Record<string, unknown[]> = {
    ItemModifierController_findAllItems: [{ id: 'coffee', name: 'Kofe' }, { id: 'bread', name: 'Non' }],
    ItemModifierController_findAllModifiers: [{ id: 'syrup', name: 'Sirop' }],
    PaymentMethodController_findAll: [{ id: 'cash', name: 'Naqd', kind: 'CASH' }, { id: 'card', name: 'Uzcard', kind: 'CARD' }],
    FinanceController_findAllTaxFees: [{ id: 'vat', name: 'QQS', tax_percent: '12.00', fee_percent: null }],
    FinanceController_findAllDiscounts: [{ id: 'loyal', name: 'Doimiy mijoz' }],
    BusinessController_findAllPoints: [{ id: 'point-1', name: 'Chilonzor' }],
    BusinessController_findAllWorkplaces: [{ id: 'till-1', name: 'Kassa 1' }],
    EmployeeController_findAll: [{ id: 'emp-1', full_name: 'Aziza' }],
    BusinessController_findAllPrinters: printers,
    OrderController_findAll: orders,
  };
  return {
    read: (async (operation: string, input?: { params?: Record<string, string> }) => {
      if (operation === 'OrderController_findOne') {
        const found = orders.find((entry) => entry.id === input?.params?.id);
        if (!found) throw Object.assign(new Error('Not found'), { statusCode: 404 });
        return found;
      }
      if (operation === 'SettlmentController_findOne') return { ...stamp, id: 'shift-1', name: 'Smena 12', dt_closed: null, is_closed: false, workplace_id: 'till-1', totals: null };
      const list = lists[operation];
      if (!list) throw Object.assign(new Error(`no ${operation}`), { statusCode: 404 });
      return list;
    }) as TillReader['read'],
    identity: async () => ({ business: 'Oʻzbek Savdo', point: 'Chilonzor', till: 'Kassa 1', pointId: 'point-1', workplaceId: 'till-1' }),
    cashier: async () => ({ id: 'emp-1', full_name: 'Aziza' }),
  };
}

function recordingService(outcome: PrintOutcome = { status: 'printed' }) {
  const sent: Uint8Array[] = [];
  const service = new PrintService({
    send: async (_address, bytes) => {
      sent.push(bytes);
      return outcome;
    },
  });
  return { service, sent };
}

describe('the till’s documents', () => {
  it('lays out a sale with modifiers under their line, the line and order discounts, taxes summed per tax and the payments', async () => {
    const printing = new TillPrinting({ reader: reader(), service: recordingService().service });
    const { lines, columns } = await printing.preview({ kind: 'sale', orderId: 'order-1', openDrawer: true, language: 'uz' });
    expect(columns).toBe(32);
    const text = lines.join('\n');
    expect(text).toContain("O'zbek Savdo");
    expect(text).toMatch(/Kofe\n {2}2 x 18 000 +37 000\n {2}\+ Sirop +1 000\nNon\n {2}2 x 4 500 +8 000\n {2}Chegirma +-1 000\n/);
    expect(text).not.toMatch(/4 500 +4 500/); // the voided line
    expect(text).toMatch(/Chegirma: Doimiy mijoz +-500/);
    expect(text).toMatch(/shu jumladan QQS 12% +4 714.28/);
    expect(text).toMatch(/Naqd +30 000\nUzcard +20 000\nQaytim +5 300/);
    expect(text).toMatch(/Kassir: +Aziza/);
  });

  it('computes the X report from the shift’s orders: totals by method net of change, expected cash, taxes', async () => {
    const printing = new TillPrinting({ reader: reader(), service: recordingService().service });
    const text = (await printing.preview({ kind: 'shift-report', settlementId: 'shift-1', final: false, language: 'en' })).lines.join('\n');
    expect(text).toContain('X REPORT');
    expect(text).toMatch(/Shift +Smena 12/);
    expect(text).toMatch(/Sales \(1\) +44 700/);
    expect(text).toMatch(/Naqd +24 700/);
    expect(text).toMatch(/Uzcard +20 000/);
    expect(text).toMatch(/Expected cash +24 700/);
    const z = (await printing.preview({ kind: 'shift-report', settlementId: 'shift-1', final: true, language: 'en' })).lines.join('\n');
    expect(z).toContain('Z REPORT');
    expect(z).not.toContain('Counted cash');
  });

  it('says there is no printer when the point has none, and does not offer a reprint', async () => {
    const outcomes: unknown[] = [];
    const printing = new TillPrinting({ reader: reader([]), service: recordingService().service, onOutcome: (printer, outcome) => outcomes.push([printer, outcome]) });
    expect(await printing.print({ kind: 'sale', orderId: 'order-1', openDrawer: false })).toEqual({ ok: false, problem: 'no-printer', canReprint: false });
    expect(outcomes).toEqual([[null, null]]);
    expect(await printing.reprintLast()).toEqual({ ok: false, problem: 'nothing-to-reprint', canReprint: false });
  });

  it('names the failing printer and keeps the job for a reprint, which sends no drawer pulse', async () => {
    const { service, sent } = recordingService({ status: 'out_of_paper' });
    const printing = new TillPrinting({ reader: reader(), service });
    expect(await printing.print({ kind: 'sale', orderId: 'order-1', openDrawer: true })).toEqual({ ok: false, problem: 'out-of-paper', printer: 'Kassa', canReprint: true });
    await printing.reprintLast();
    const pulse = Buffer.from([0x1b, 0x70]);
    expect(Buffer.from(sent[0]!).indexOf(pulse)).toBeGreaterThanOrEqual(0);
    expect(Buffer.from(sent[1]!).indexOf(pulse)).toBe(-1);
  });

  it('answers a missing order and a document that cannot be laid out without throwing', async () => {
    const printing = new TillPrinting({ reader: reader(), service: recordingService().service });
    expect(await printing.print({ kind: 'refund', refundId: 'nope' })).toEqual({ ok: false, problem: 'not-found', canReprint: false });
    const broken = new TillPrinting({ reader: reader(undefined, [order({ total_sum: 'lots' })]), service: recordingService().service });
    expect(await broken.print({ kind: 'sale', orderId: 'order-1', openDrawer: false })).toMatchObject({ ok: false, problem: 'bad-document', canReprint: false });
  });
});

describe('the name book', () => {
  it('reads a list again when an id is unknown, but not more than once per interval', async () => {
    let reads = 0;
    let now = 0;
    const names = new NameBook(
      { ...reader(), read: (async () => { reads += 1; return reads === 1 ? [] : [{ id: 'new', name: 'New item' }]; }) as TillReader['read'] },
      { now: () => now, missRefreshMs: 1_000 },
    );
    expect(await names.find('items', 'new')).toBeUndefined();
    expect(reads).toBe(1);
    expect(await names.find('items', 'new')).toBeUndefined();
    expect(reads).toBe(1);
    now = 1_500;
    expect(await names.find('items', 'new')).toEqual({ name: 'New item' });
    expect(reads).toBe(2);
  });
});
