/**
 * CONTRACT (session stop 14): the payment step of a sale. The payment engineer owns this file and replaces the
 * body; the props stay. It takes the cart's draft, lets the cashier pay (cash, card, split, on account), runs the
 * one `OrderController_create` that completes the sale, starts the printing, then calls `onPaid`.
 */
import type { SaleDraft } from '../sale/sale-draft.js';

export interface PaymentPanelProps {
  readonly draft: SaleDraft;
  /** The sale is committed locally (its order id); the cart clears and the next sale is ready. */
  readonly onPaid: (orderId: string) => void;
  /** Back to the cart, nothing written. */
  readonly onBack: () => void;
}

export function PaymentPanel({ onBack }: PaymentPanelProps) {
  return (
    <section data-testid="payment-panel">
      <button type="button" onClick={onBack}>
        ←
      </button>
    </section>
  );
}
