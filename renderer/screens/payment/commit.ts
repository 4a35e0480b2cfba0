/**
 * Completing a sale: ONE `OrderController_create` (the terminal core runs it in one local transaction and queues it
 * in the outbox as one operation), then the printing — the receipt (the drawer opens when cash was taken) and, for a
 * sale on account, the credit slip. Printing never blocks or loses a sale: it starts after the commit, its problem is
 * reported in words, and a printer that does not answer within PRINT_PATIENCE_MS is not waited for.
 */
import type { Bridge } from '../../bridge.js';
import { printDocument, type PrintResult } from '../../printing.js';
import type { SaleDraft } from '../sale/sale-draft.js';
import { onAccount, saleBody, type Tender } from './tender.js';

export const PRINT_PATIENCE_MS = 2500;

/** A committed sale: its id, and the short number the till gave it ("A-17"; null when the till has none). */
export interface CommittedSale {
  readonly id: string;
  readonly number: string | null;
}

/** A number a person can say: the till's "<letters>-<count>", not the guid an unnumbered till falls back to. */
const SHORT_NUMBER = /^[A-Z]{1,4}-\d{1,9}$/;

/** Commits the sale; resolves with the new order's id and number. `guid` is the same for every attempt of one sale. */
export async function commitSale(
  bridge: Bridge,
  draft: SaleDraft,
  tenders: readonly Tender[],
  settlementId: string,
  guid: string,
): Promise<CommittedSale> {
  const order = await bridge.run('OrderController_create', { body: saleBody(draft, tenders, settlementId, guid) });
  const number = typeof order.order_id === 'string' && SHORT_NUMBER.test(order.order_id) ? order.order_id : null;
  return { id: order.id, number };
}

const PRINTED: PrintResult = { ok: true, canReprint: false };

/** Prints what a completed sale prints; the first problem, or ok (also when the printer is too slow to wait for). */
export async function printSale(orderId: string, tenders: readonly Tender[], patienceMs = PRINT_PATIENCE_MS): Promise<PrintResult> {
  const cashTaken = tenders.some((tender) => tender.method.kind === 'CASH');
  const printing = (async () => {
    const receipt = await printDocument({ kind: 'sale', orderId, openDrawer: cashTaken });
    if (onAccount(tenders) === 0n) return receipt;
    const slip = await printDocument({ kind: 'credit-slip', orderId });
    return receipt.ok ? slip : receipt;
  })().catch((error: unknown): PrintResult => ({ ok: false, message: String(error), canReprint: false }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const patience = new Promise<PrintResult>((resolve) => {
    timer = setTimeout(() => resolve(PRINTED), patienceMs);
  });
  try {
    return await Promise.race([printing, patience]);
  } finally {
    clearTimeout(timer);
  }
}
