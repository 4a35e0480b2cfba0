/**
 * The plain data each printed document is laid out from. Why a shape of its own: the sales screen, the refund
 * screen and the shift close each hold their numbers in their own form; they hand the printer only what the paper
 * shows. Amounts are canonical decimal strings (shared/decimal.ts); times are the till's local date-time text.
 */
import type { PaymentMethodKind } from '../../shared/catalogue/payment-method.js';
import type { ReceiptLanguage } from './receipt-labels.js';

/** Who printed it and where: the top of every document. */
export interface DocumentHeading {
  readonly business: string;
  readonly point: string;
  readonly till: string;
  readonly cashier: string;
}

export interface ReceiptModifier {
  readonly name: string;
  /** The modifier's price for the line, if it costs anything. */
  readonly amount?: string;
}

export interface ReceiptLine {
  readonly name: string;
  readonly quantity: string;
  readonly unitPrice: string;
  /** The line's amount after its own discount (quantity × price + modifiers − discount). */
  readonly total: string;
  readonly modifiers?: readonly ReceiptModifier[];
  /** The line's own discount, if any, as a positive amount. */
  readonly discount?: string;
}

export interface NamedAmount {
  readonly name: string;
  readonly amount: string;
}

export interface ReceiptPayment extends NamedAmount {
  readonly kind: PaymentMethodKind;
}

/** How the order id is printed for a later refund: a QR always fits; a Code 128 barcode only if it is short. */
export type RefundCodeKind = 'qr' | 'barcode';

export interface SaleReceiptData {
  readonly language: ReceiptLanguage;
  readonly heading: DocumentHeading;
  readonly orderId: string;
  readonly orderNumber: string;
  readonly soldAt: string;
  readonly lines: readonly ReceiptLine[];
  readonly subtotal: string;
  /** Order-level discounts, as positive amounts. */
  readonly discounts: readonly NamedAmount[];
  /** Taxes included in the total (e.g. "QQS 12%"). */
  readonly taxes: readonly NamedAmount[];
  readonly total: string;
  readonly payments: readonly ReceiptPayment[];
  readonly change: string;
  readonly refundCode?: RefundCodeKind;
  /**
   * Also a Code 128 of this value (the order's number, `order_id`) beside the QR of the order's id, when it is short
   * and ASCII enough for the paper: a scanner at the refund screen reads either.
   */
  readonly barcode?: string;
  /** Whether to pulse the cash drawer; absent: when a payment is in cash. */
  readonly openDrawer?: boolean;
  /** A line under the thanks, e.g. the shop's phone number. */
  readonly footer?: string;
}

export interface RefundReceiptData {
  readonly language: ReceiptLanguage;
  readonly heading: DocumentHeading;
  readonly refundId: string;
  readonly refundNumber: string;
  readonly originalOrderNumber: string;
  readonly refundedAt: string;
  readonly lines: readonly ReceiptLine[];
  readonly taxes: readonly NamedAmount[];
  readonly total: string;
  /** How the money went back to the client. */
  readonly payments: readonly ReceiptPayment[];
}

/**
 * The slip of a voided open order: what was on it and, when it had taken money, what goes back by method. Headed by
 * the cashier who voided it; the approving manager and the reason print when the screen names them.
 */
export interface VoidSlipData {
  readonly language: ReceiptLanguage;
  readonly heading: DocumentHeading;
  readonly orderId: string;
  readonly orderNumber: string;
  /** When the order was opened. */
  readonly orderedAt: string;
  /** When it was voided (the void's write stamps the order). */
  readonly voidedAt: string;
  readonly lines: readonly ReceiptLine[];
  readonly total: string;
  /** Payments the open order had taken, reversed by the void; empty when it had taken none. */
  readonly payments: readonly ReceiptPayment[];
  readonly approvedBy?: string;
  readonly reason?: string;
}

export interface PaymentMethodTotals {
  readonly name: string;
  readonly kind: PaymentMethodKind;
  readonly sales: string;
  readonly refunds: string;
}

export interface ShiftReportData {
  readonly language: ReceiptLanguage;
  readonly heading: DocumentHeading;
  readonly shiftNumber: string;
  readonly openedAt: string;
  readonly printedAt: string;
  readonly salesCount: number;
  readonly salesTotal: string;
  readonly refundsCount: number;
  readonly refundsTotal: string;
  readonly discountsTotal: string;
  readonly taxes: readonly NamedAmount[];
  readonly byPaymentMethod: readonly PaymentMethodTotals[];
  /** Cash that should be in the drawer. */
  readonly expectedCash: string;
  /** What the expected cash is made of, when the shift's report states it: printed above it. */
  readonly cashParts?: CashParts;
}

/** expected = opening + cash sales − cash refunds + cash in − cash out (docs/selling/shifts.md). */
export interface CashParts {
  readonly openingCash: string;
  readonly cashSales: string;
  readonly cashRefunds: string;
  readonly cashIn: string;
  readonly cashOut: string;
}

/** The Z report closes the shift: it adds the close time and the cash the cashier counted. */
export interface ZReportData extends ShiftReportData {
  readonly closedAt: string;
  /** What the cashier counted; absent when the shift was closed without a count (no over/short is printed). */
  readonly countedCash?: string;
}

export interface CreditSlipData {
  readonly language: ReceiptLanguage;
  readonly heading: DocumentHeading;
  readonly orderId: string;
  readonly orderNumber: string;
  readonly soldAt: string;
  readonly clientName: string;
  readonly clientPhone?: string;
  /** The part of the sale put on the client's account. */
  readonly amountOnAccount: string;
  /** What the client owes after this sale, if known. */
  readonly balanceAfter?: string;
  /**
   * The id of the debt entry that keeps the client's signature (drawn at the till, stored with the sale's debt),
   * printed so a dispute can find it; null when the sale has no signature on file.
   */
  readonly signatureId: string | null;
}
