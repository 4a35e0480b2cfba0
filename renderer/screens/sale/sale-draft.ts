/**
 * CONTRACT (session stop 14): the sale the cart hands to payment. The sales-screen engineer owns this file (may
 * add fields, never remove these); the payment engineer builds `OrderController_create` from it, adding the
 * payments, totals paid and change, the shift and `is_closed`.
 */
import type { OperationInputOf } from '../../../shared/catalogue/wire-types.js';

type CreateOrderBody = NonNullable<OperationInputOf<'OrderController_create'>['body']>;

export interface SaleClient {
  readonly id: string;
  readonly name: string;
}

export interface SaleDraft {
  /** The order without its payments: lines (with modifiers), discounts, taxes, subtotal, totals, client, name. */
  readonly order: Omit<CreateOrderBody, 'payments' | 'total_paid' | 'total_change' | 'settlement_id' | 'is_closed'>;
  /** The amount to pay, exact decimal text (= order.total_sum). */
  readonly due: string;
  readonly client: SaleClient | null;
}
