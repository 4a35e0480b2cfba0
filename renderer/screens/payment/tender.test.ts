/** The payment arithmetic: exact sums, change only from cash, and the create body that completes the sale. */
import { describe, expect, it } from 'vitest';
import type { SaleDraft } from '../sale/sale-draft.js';
import { exceedsLimit, saleBody, summarise, wirePayments, type Method, type Tender } from './tender.js';

const cash: Method = { id: 'm-cash', name: 'Cash', kind: 'CASH' };
const card: Method = { id: 'm-card', name: 'Card', kind: 'CARD' };
const debt: Method = { id: 'm-debt', name: 'On account', kind: 'DEBT' };
const tender = (method: Method, amount: bigint, extra: Partial<Tender> = {}): Tender => ({ method, amount, ...extra });

const draft: SaleDraft = {
  order: {
    order_id: 'T1-42',
    automated_point_id: 'p1',
    workplace_id: 'w1',
    items: [{ item_id: 'i1', quantity: '3', price: '12500.5', subtotal: '37501.5' }],
    subtotal: '37501.5',
    total_sum: '37501.5',
  } as SaleDraft['order'],
  due: '37501.5',
  client: { id: 'c1', name: 'Aziza' },
};

describe('paying for a sale', () => {
  it('gives change only from cash, exactly, and completes once the sale is covered', () => {
    expect(summarise(3_750_150n, [tender(cash, 5_000_000n)])).toMatchObject({ paid: 5_000_000n, remaining: 0n, change: 1_249_850n, complete: true });
    expect(summarise(3_750_150n, [tender(cash, 2_000_000n)])).toMatchObject({ remaining: 1_750_150n, change: 0n, complete: false });
    expect(summarise(3_750_150n, [tender(card, 3_750_150n)])).toMatchObject({ change: 0n, complete: true });
  });

  it('refuses to count an overpayment by card or on account as change', () => {
    expect(summarise(1000n, [tender(card, 1500n)])).toMatchObject({ overpaidWithoutCash: true, complete: false, change: 0n });
    // 700 over, only 500 of it cash: not completable either.
    expect(summarise(1000n, [tender(cash, 500n), tender(card, 1200n)])).toMatchObject({ overpaidWithoutCash: true, complete: false });
    expect(summarise(1000n, [tender(card, 600n), tender(cash, 1000n)])).toMatchObject({ change: 600n, complete: true });
  });

  it('keeps on a cash payment what the sale keeps, so the payments add up to the total and the change is separate', () => {
    const payments = wirePayments(3_750_150n, [tender(card, 1_000_000n, { deviceId: 'dev-1' }), tender(cash, 5_000_000n)], 's1');
    expect(payments).toEqual([
      { payment_type_id: 'm-card', paid_sum: '10000', settlement_id: 's1', payment_device_id: 'dev-1' },
      { payment_type_id: 'm-cash', paid_sum: '27501.5', settlement_id: 's1' },
    ]);
  });

  it('builds the one create: the draft, payments with the signature, totals paid and change, the shift, closed', () => {
    const body = saleBody(draft, [tender(debt, 1_750_150n, { signature: 'data:image/png;base64,AAAA' }), tender(cash, 2_100_000n)], 'shift-1', 'g-1');
    expect(body).toMatchObject({
      order_id: 'T1-42',
      guid: 'g-1',
      client_id: 'c1',
      total_paid: '37501.5',
      total_change: '1000',
      settlement_id: 'shift-1',
      is_closed: true,
      payments: [
        { payment_type_id: 'm-debt', paid_sum: '17501.5', signature_url: 'data:image/png;base64,AAAA', settlement_id: 'shift-1' },
        { payment_type_id: 'm-cash', paid_sum: '20000', settlement_id: 'shift-1' },
      ],
    });
    expect(() => saleBody(draft, [tender(cash, 100n)], 'shift-1', 'g-1')).toThrow(/not paid/);
  });

  it('says when a sale on account takes the client over the limit, and never when there is none', () => {
    expect(exceedsLimit(2000n, 600n, 2500n)).toBe(true);
    expect(exceedsLimit(2000n, 500n, 2500n)).toBe(false);
    expect(exceedsLimit(2000n, 10_000_000n, null)).toBe(false);
  });
});
