/**
 * A voided open order's slip, from the order as the till stores it after the void (`OrderController_findOne`): its
 * number, when it was opened, when it was voided (the void's write stamps the order's `dt_updated`), its lines
 * (the void flags them all voided, so they are read with `includeVoided`), what it came to and the payments it had
 * taken, which the void reverses. Headed by the cashier who voided it — the one signed in — not the order's.
 *
 * Why the manager and the reason come with the request: the void's own record (`order_voids`) has no read
 * operation, and the screen that just voided the order holds both. The manager's id is printed by name from the
 * till's employees, never as free text from the screen.
 */
import type { PrintCallInput } from '../../shared/terminal-contract.js';
import type { VoidSlipData } from './document-data.js';
import type { NameBook } from './name-book.js';
import { orderHeading, readOrder, receiptLines, receiptPayments } from './order-documents.js';
import type { ReceiptLanguage } from './receipt-labels.js';
import { DocumentUnavailable, localDateTime, type TillReader } from './till-reader.js';

type VoidRequest = Extract<PrintCallInput, { kind: 'void' }>;

export async function voidSlip(reader: TillReader, names: NameBook, request: VoidRequest, language: ReceiptLanguage): Promise<VoidSlipData> {
  const order = await readOrder(reader, request.orderId);
  // An order not (yet) voided on this till has no void to print: the slip would claim what did not happen.
  if (!order.is_voided) throw new DocumentUnavailable('not-found', `the void of order ${order.id} is not on this till`);
  const cashier = await reader.cashier();
  const heading = await orderHeading(reader, names, { ...order, employee_id: cashier?.id ?? order.employee_id });
  const approvedBy = request.managerId ? await names.name('employees', request.managerId, '') : '';
  const reason = request.reason?.trim() ?? '';
  return {
    language,
    heading,
    orderId: order.id,
    orderNumber: order.order_id,
    orderedAt: localDateTime(order.dt_created),
    voidedAt: localDateTime(order.dt_updated),
    lines: await receiptLines(order, names, () => true, true),
    total: order.total_sum,
    payments: await receiptPayments(order, names, () => true),
    ...(approvedBy ? { approvedBy } : {}),
    ...(reason ? { reason } : {}),
  };
}
