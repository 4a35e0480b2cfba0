/** Printing after a sale: what is printed, the first problem reported, and a printer too slow to wait for. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { printSale } from './commit.js';
import type { Method, Tender } from './tender.js';

const printing = vi.hoisted(() => ({
  printDocument: vi.fn(async (_request: unknown): Promise<{ ok: boolean; canReprint: boolean; message?: string }> => ({ ok: true, canReprint: true })),
  reprintLast: vi.fn(),
  previewDocument: vi.fn(),
}));
vi.mock('../../printing.js', () => printing);

const cash: Method = { id: 'c', name: 'Cash', kind: 'CASH' };
const card: Method = { id: 'k', name: 'Card', kind: 'CARD' };
const debt: Method = { id: 'd', name: 'On account', kind: 'DEBT' };
const paid = (...methods: Method[]): Tender[] => methods.map((method) => ({ method, amount: 100n }));

beforeEach(() => printing.printDocument.mockReset().mockResolvedValue({ ok: true, canReprint: true }));

describe('printing after a sale', () => {
  it('opens the drawer only when cash was taken, and prints the credit slip for a sale on account', async () => {
    await printSale('o-1', paid(card));
    await printSale('o-2', paid(cash, debt));
    expect(printing.printDocument.mock.calls).toEqual([
      [{ kind: 'sale', orderId: 'o-1', openDrawer: false }],
      [{ kind: 'sale', orderId: 'o-2', openDrawer: true }],
      [{ kind: 'credit-slip', orderId: 'o-2' }],
    ]);
  });

  it('reports the receipt’s problem before the slip’s', async () => {
    printing.printDocument.mockResolvedValueOnce({ ok: false, message: 'out of paper', canReprint: true }).mockResolvedValueOnce({ ok: false, message: 'later', canReprint: true });
    expect(await printSale('o-3', paid(debt))).toMatchObject({ ok: false, message: 'out of paper' });
  });

  it('does not wait for a printer that does not answer, nor fail on one that throws', async () => {
    printing.printDocument.mockImplementationOnce(() => new Promise(() => undefined));
    expect(await printSale('o-4', paid(cash), 20)).toMatchObject({ ok: true });
    printing.printDocument.mockRejectedValueOnce(new Error('socket closed'));
    expect(await printSale('o-5', paid(cash))).toMatchObject({ ok: false, message: 'Error: socket closed' });
  });
});
