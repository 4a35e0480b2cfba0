/**
 * The till's printing over a reader of plain data (no core): how an order's rows become a receipt (modifiers under
 * their line, line and order discounts, taxes summed per tax, the cash handed over whichever way it was recorded),
 * the X/Z reports from the shift's own report operation, the refund slip from the refund document, the credit slip
 * naming the debt entry that keeps the signature, and what the cashier is told when there is no printer or it fails.
 */
import { describe, expect, it } from 'vitest';
import { NameBook } from '../../../main/printing/name-book.js';
import type { PrintOutcome } from '../../../main/printing/print-outcome.js';
import { PrintService } from '../../../main/printing/print-service.js';
import { TillPrinting } from '../../../main/printing/till-printing.js';
import type { TillReader } from '../../../main/printing/till-reader.js';
import { stamp, storedOrderHeader } from './fixtures/stored-order.js';

function order(overrides: Record<string, unknown> = {}) {
  return {
    ...storedOrderHeader(),
    order_id: 'K-77',
    total_discount: '1500',
    total_tax: '0',
    total_paid: '50000',
    total_change: '5300',
    subtotal: '46000',
    total_sum: '44700',
    items: [
      {
        ...stamp,
        id: 'l1',
        order_id: 'order-1',
        item_id: 'coffee',
        quantity: '2',
        price: '18000',
        subtotal: '36000',
        note: null,
        employee_id: 'emp-1',
        discount_id: null,
        warehouse_id: null,
        is_voided: false,
        is_refunded: false,
      },
      {
        ...stamp,
        id: 'l2',
        order_id: 'order-1',
        item_id: 'syrup',
        quantity: '2',
        price: '500',
        subtotal: '1000',
        note: null,
        employee_id: 'emp-1',
        discount_id: null,
        warehouse_id: null,
        is_voided: false,
        is_refunded: false,
      },
      {
        ...stamp,
        id: 'l3',
        order_id: 'order-1',
        item_id: 'bread',
        quantity: '2',
        price: '4500',
        subtotal: '9000',
        note: null,
        employee_id: 'emp-1',
        discount_id: null,
        warehouse_id: null,
        is_voided: false,
        is_refunded: false,
      },
      {
        ...stamp,
        id: 'l4',
        order_id: 'order-1',
        item_id: 'bread',
        quantity: '1',
        price: '4500',
        subtotal: '4500',
        note: null,
        employee_id: 'emp-1',
        discount_id: null,
        warehouse_id: null,
        is_voided: true,
        is_refunded: false,
      },
    ],
    discounts: [
      {
        ...stamp,
        id: 'd1',
        order_id: 'order-1',
        item_id: 'bread',
        discount_value: '1000',
        discount_percent: null,
        discount_id: null,
      },
      {
        ...stamp,
        id: 'd2',
        order_id: 'order-1',
        item_id: null,
        discount_value: '500',
        discount_percent: null,
        discount_id: 'loyal',
      },
    ],
    taxes: [
      {
        ...stamp,
        id: 't1',
        order_id: 'order-1',
        item_id: 'coffee',
        tax_id: 'vat',
        tax_percent: '12',
        tax_value: '3857.14',
        fee_percent: null,
        fee_value: null,
      },
      {
        ...stamp,
        id: 't2',
        order_id: 'order-1',
        item_id: 'bread',
        tax_id: 'vat',
        tax_percent: '12',
        tax_value: '857.14',
        fee_percent: null,
        fee_value: null,
      },
    ],
    delivery: null,
    payments: [
      {
        ...stamp,
        id: 'p1',
        employee_id: 'emp-1',
        order_id: 'order-1',
        workplace_id: 'till-1',
        payment_type_id: 'cash',
        paid_sum: '30000',
        settlement_id: 'shift-1',
        tip_amount: null,
        discount_id: null,
        payment_data: null,
        payment_device_id: null,
        payment_batch_id: null,
        card_number: null,
        card_expire_date: null,
        card_type: null,
        note: null,
        label: null,
        is_refunded: false,
      },
      {
        ...stamp,
        id: 'p2',
        employee_id: 'emp-1',
        order_id: 'order-1',
        workplace_id: 'till-1',
        payment_type_id: 'card',
        paid_sum: '20000',
        settlement_id: 'shift-1',
        tip_amount: null,
        discount_id: null,
        payment_data: null,
        payment_device_id: null,
        payment_batch_id: null,
        card_number: null,
        card_expire_date: null,
        card_type: null,
        note: null,
        label: null,
        is_refunded: false,
      },
    ],
    ...overrides,
  };
}

/** The shift's report as `SettlmentController_report` answers it (shared/catalogue/outputs/settlement-cash.ts). */
function shiftReportWire(overrides: Record<string, unknown> = {}) {
  return {
    settlement_id: 'shift-1',
    name: 'Smena 12',
    workplace_id: 'till-1',
    is_closed: false,
    opened_at: '2026-11-25T08:00:00.000Z',
    closed_at: null,
    sales_count: 4,
    sales_total: '190000',
    refunds_count: 1,
    refunds_total: '12000',
    voided_count: 0,
    discounts_total: '1500',
    taxes_total: '0',
    taxes: [{ tax_id: 'vat', name: 'QQS', amount: '20357.14' }],
    by_payment_method: [
      { payment_method_id: 'cash', name: 'Naqd', kind: 'CASH', sales: '150000', refunds: '12000', tips: '0', payment_count: 3 },
      { payment_method_id: 'card', name: 'Uzcard', kind: 'CARD', sales: '40000', refunds: '0', tips: '0', payment_count: 1 },
    ],
    opening_cash: '50000',
    cash_sales: '150000',
    cash_refunds: '12000',
    cash_in: '10000',
    cash_out: '3000',
    expected_cash: '195000',
    cash_moves: [],
    open_orders: 0,
    counted_cash: null,
    over_short: null,
    expected_cash_at_close: null,
    changed_since_close: false,
    cash_counts: [],
    cash_count_difference: null,
    ...overrides,
  };
}

/** A refund document as `OrderRefundController_findOne` answers it: one coffee and its syrup back, in cash. */
const refundDocument = {
  ...stamp,
  dt_created: '2026-11-25T11:30:00.000Z',
  id: 'refund-1',
  guid: null,
  refund_number: 'K-77-R1',
  order_id: 'order-1',
  order_number: 'K-77',
  automated_point_id: 'point-1',
  workplace_id: 'till-1',
  settlement_id: 'shift-2',
  employee_id: 'emp-1',
  manager_id: 'emp-1',
  reason: null,
  total_sum: '17500',
  lines: [
    {
      ...stamp,
      id: 'rl1',
      refund_id: 'refund-1',
      order_id: 'order-1',
      order_line_id: 'l1',
      item_id: 'coffee',
      warehouse_id: null,
      quantity: '1',
      price: '18000',
      amount: '17000',
    },
    {
      ...stamp,
      id: 'rl2',
      refund_id: 'refund-1',
      order_id: 'order-1',
      order_line_id: 'l2',
      item_id: 'syrup',
      warehouse_id: null,
      quantity: '1',
      price: '500',
      amount: '500',
    },
  ],
  payments: [
    {
      ...stamp,
      id: 'rp1',
      refund_id: 'refund-1',
      order_id: 'order-1',
      payment_type_id: 'cash',
      amount: '17500',
      is_debt: false,
      client_id: null,
      settlement_id: 'shift-2',
    },
  ],
};

function reader(
  printers: unknown[] = [
    {
      ...stamp,
      id: 'pr',
      name: 'Kassa',
      guid: null,
      ip_address: '127.0.0.1',
      port: '9100',
      provider: null,
      mac_address: null,
      type: '58mm',
    },
  ],
  orders = [order()],
  extra: { report?: unknown; debtEntries?: unknown[] } = {},
): TillReader {
  const lists: Record<string, unknown[]> = {
    ItemModifierController_findAllItems: [
      { id: 'coffee', name: 'Kofe' },
      { id: 'bread', name: 'Non' },
    ],
    ItemModifierController_findAllModifiers: [{ id: 'syrup', name: 'Sirop' }],
    PaymentMethodController_findAll: [
      { id: 'cash', name: 'Naqd', kind: 'CASH' },
      { id: 'card', name: 'Uzcard', kind: 'CARD' },
    ],
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
      if (operation === 'SettlmentController_report') {
        if (input?.params?.id !== 'shift-1') throw Object.assign(new Error('Not found'), { statusCode: 404 });
        return extra.report ?? shiftReportWire();
      }
      if (operation === 'OrderRefundController_findOne') {
        if (input?.params?.id !== 'refund-1') throw Object.assign(new Error('Not found'), { statusCode: 404 });
        return refundDocument;
      }
      if (operation === 'ClientController_findOne') return { ...stamp, id: 'client-1', full_name: 'Rustam', phone_number: null };
      if (operation === 'ClientDebtController_findAllTransactions') return extra.debtEntries ?? [];
      if (operation === 'ClientDebtController_findAllDebts') return [];
      const list = lists[operation];
      if (!list) throw Object.assign(new Error(`no ${operation}`), { statusCode: 404 });
      return list;
    }) as TillReader['read'],
    identity: async () => ({
      business: 'Oʻzbek Savdo',
      point: 'Chilonzor',
      till: 'Kassa 1',
      pointId: 'point-1',
      workplaceId: 'till-1',
    }),
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

  it('prints the cash handed over and the change whether the sale recorded the cash kept or the cash tendered', async () => {
    // The till's way: cash 24 700 kept (+ card 20 000 = the total), change 5 300 given back from 30 000 handed over.
    const tillWay = order({
      total_paid: '44700',
      payments: order().payments.map((payment) => (payment.id === 'p1' ? { ...payment, paid_sum: '24700' } : payment)),
    });
    for (const sale of [tillWay, order()]) {
      const printing = new TillPrinting({ reader: reader(undefined, [sale]), service: recordingService().service });
      const text = (await printing.preview({ kind: 'sale', orderId: 'order-1', openDrawer: false, language: 'uz' })).lines.join(
        '\n',
      );
      expect(text).toMatch(/Naqd +30 000\nUzcard +20 000\nQaytim +5 300/);
    }
  });

  it('prints the X report from the shift’s own report: sales and refunds by method, expected cash with opening cash and cash moves', async () => {
    const printing = new TillPrinting({ reader: reader(), service: recordingService().service });
    const text = (
      await printing.preview({ kind: 'shift-report', settlementId: 'shift-1', final: false, language: 'en' })
    ).lines.join('\n');
    expect(text).toContain('X REPORT');
    expect(text).toMatch(/Shift +Smena 12/);
    expect(text).toMatch(/Sales \(4\) +190 000/);
    expect(text).toMatch(/Refunds \(1\) +-12 000/);
    expect(text).toMatch(/Naqd +138 000\n {2}Sales +150 000\n {2}Refunds +-12 000/);
    expect(text).toMatch(/Uzcard +40 000/);
    expect(text).toMatch(/QQS +20 357.14/);
    // 50 000 opening + 150 000 − 12 000 + 10 000 in − 3 000 out: the report's figure, not recomputed, under its parts.
    expect(text).toMatch(
      /Opening cash +50 000\nCash sales +150 000\nCash refunds +-12 000\nCash in +10 000\nCash out +-3 000\nExpected cash +195 000/,
    );
    // Asked for a Z of a shift still open (or closed without a count): no counted cash, no over/short.
    const early = (
      await printing.preview({ kind: 'shift-report', settlementId: 'shift-1', final: true, language: 'en' })
    ).lines.join('\n');
    expect(early).toContain('Z REPORT');
    expect(early).not.toContain('Counted cash');
  });

  it('prints an X report’s time by the till’s sane clock, not by a computer clock set two years ahead', async () => {
    const sane = new Date(2026, 10, 25, 21, 5, 9);
    const printing = new TillPrinting({ reader: { ...reader(), now: async () => sane }, service: recordingService().service });
    const text = (
      await printing.preview({ kind: 'shift-report', settlementId: 'shift-1', final: false, language: 'en' })
    ).lines.join('\n');
    expect(text).toMatch(/25\.11\.2026 21:05:09/);
  });

  it('prints the Z report with the counted cash and the over or short of a closed shift', async () => {
    const closed = shiftReportWire({
      is_closed: true,
      closed_at: '2026-11-25T20:00:00.000Z',
      counted_cash: '194000',
      over_short: '-1000',
      expected_cash_at_close: '195000',
    });
    const printing = new TillPrinting({
      reader: reader(undefined, undefined, { report: closed }),
      service: recordingService().service,
    });
    const text = (
      await printing.preview({ kind: 'shift-report', settlementId: 'shift-1', final: true, language: 'en' })
    ).lines.join('\n');
    expect(text).toContain('Z REPORT');
    expect(text).toMatch(/Expected cash +195 000/);
    expect(text).toMatch(/Counted cash +194 000/);
    expect(text).toMatch(/-1 000/);
    expect(await printing.print({ kind: 'shift-report', settlementId: 'shift-9', final: true })).toEqual({
      ok: false,
      problem: 'not-found',
      canReprint: false,
    });
  });

  it('prints the refund slip from the refund document: its number, the sale’s, the lines taken back and the cash paid back', async () => {
    const printing = new TillPrinting({ reader: reader(), service: recordingService().service });
    const text = (await printing.preview({ kind: 'refund', refundId: 'refund-1', language: 'en' })).lines.join('\n');
    expect(text).toContain('REFUND RECEIPT');
    expect(text).toMatch(/K-77-R1/);
    expect(text).toMatch(/Original order # +K-77/);
    expect(text).toMatch(/Kofe\n {2}1 x 18 000 +17 500\n {2}\+ Sirop +500/);
    expect(text).toMatch(/REFUNDED +17 500/);
    expect(text).toMatch(/Naqd +17 500/);
    expect(text).not.toMatch(/Uzcard/);
  });

  it('names the debt entry that keeps the client’s signature on the credit slip, and says so when there is none', async () => {
    const onAccount = order({
      client_id: 'client-1',
      payments: [{ ...order().payments[1]!, payment_type_id: 'debt', paid_sum: '44700' }],
      total_paid: '44700',
      total_change: null,
    });
    const methods = (base: TillReader): TillReader => ({
      ...base,
      read: (async (operation: string, input?: never) =>
        operation === 'PaymentMethodController_findAll'
          ? [{ id: 'debt', name: 'Nasiya', kind: 'DEBT' }]
          : base.read(operation as never, input)) as TillReader['read'],
    });
    const entry = {
      ...stamp,
      id: 'debt-entry-9',
      client_id: 'client-1',
      debt_id: 'd',
      debt_amount: '44700',
      kind: 'transaction',
      employee_id: 'emp-1',
      id_automated_point: 'point-1',
      signature_url: 'data:image/png;base64,iVBORw0KGgo=',
      payment_type_id: null,
    };
    const other = { ...entry, id: 'debt-entry-1', dt_created: '2026-11-20T09:00:00.000Z' };
    const signed = new TillPrinting({
      reader: methods(reader(undefined, [onAccount], { debtEntries: [other, entry] })),
      service: recordingService().service,
    });
    const text = (await signed.preview({ kind: 'credit-slip', orderId: 'order-1', language: 'en' })).lines.join('\n');
    expect(text).toContain("Client's signature on file");
    expect(text).toContain('debt-entry-9');
    expect(text).not.toContain('debt-entry-1');
    const unsigned = new TillPrinting({
      reader: methods(reader(undefined, [onAccount], { debtEntries: [{ ...entry, signature_url: null }] })),
      service: recordingService().service,
    });
    const bare = (await unsigned.preview({ kind: 'credit-slip', orderId: 'order-1', language: 'en' })).lines.join('\n');
    expect(bare).toContain('No client signature on file');
    expect(bare).not.toContain('debt-entry-9');
  });

  it('says there is no printer when the point has none, and does not offer a reprint', async () => {
    const outcomes: unknown[] = [];
    const printing = new TillPrinting({
      reader: reader([]),
      service: recordingService().service,
      onOutcome: (printer, outcome) => outcomes.push([printer, outcome]),
    });
    expect(await printing.print({ kind: 'sale', orderId: 'order-1', openDrawer: false })).toEqual({
      ok: false,
      problem: 'no-printer',
      canReprint: false,
    });
    expect(outcomes).toEqual([[null, null]]);
    expect(await printing.reprintLast()).toEqual({ ok: false, problem: 'nothing-to-reprint', canReprint: false });
  });

  it('names the failing printer and keeps the job for a reprint, which sends no drawer pulse', async () => {
    const { service, sent } = recordingService({ status: 'out_of_paper' });
    const printing = new TillPrinting({ reader: reader(), service });
    expect(await printing.print({ kind: 'sale', orderId: 'order-1', openDrawer: true })).toEqual({
      ok: false,
      problem: 'out-of-paper',
      printer: 'Kassa',
      canReprint: true,
    });
    await printing.reprintLast();
    const pulse = Buffer.from([0x1b, 0x70]);
    expect(Buffer.from(sent[0]!).indexOf(pulse)).toBeGreaterThanOrEqual(0);
    expect(Buffer.from(sent[1]!).indexOf(pulse)).toBe(-1);
  });

  it('answers a missing order and a document that cannot be laid out without throwing', async () => {
    const printing = new TillPrinting({ reader: reader(), service: recordingService().service });
    expect(await printing.print({ kind: 'refund', refundId: 'nope' })).toEqual({
      ok: false,
      problem: 'not-found',
      canReprint: false,
    });
    const broken = new TillPrinting({
      reader: reader(undefined, [order({ total_sum: 'lots' })]),
      service: recordingService().service,
    });
    expect(await broken.print({ kind: 'sale', orderId: 'order-1', openDrawer: false })).toMatchObject({
      ok: false,
      problem: 'bad-document',
      canReprint: false,
    });
  });
});

describe('the name book', () => {
  it('reads a list again when an id is unknown, but not more than once per interval', async () => {
    let reads = 0;
    let now = 0;
    const names = new NameBook(
      {
        ...reader(),
        read: (async () => {
          reads += 1;
          return reads === 1 ? [] : [{ id: 'new', name: 'New item' }];
        }) as TillReader['read'],
      },
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
