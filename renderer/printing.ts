/**
 * CONTRACT (session stop 14): what the screens call to print. The print engineer owns this file and replaces the
 * body with the real path (renderer → bridge → the shell's PrintService, never printing in the renderer); the
 * signatures stay. Printing happens after the commit and never blocks or loses a sale: these never reject.
 */
export type PrintRequest =
  /** A completed sale's receipt; `openDrawer` pulses the cash drawer (cash taken). */
  | { readonly kind: 'sale'; readonly orderId: string; readonly openDrawer: boolean }
  /** A refund's slip (the refund engineer's id: the refund document or the refunded order). */
  | { readonly kind: 'refund'; readonly refundId: string }
  /** The shift's X report (`final: false`) or Z report (`final: true`). */
  | { readonly kind: 'shift-report'; readonly settlementId: string; readonly final: boolean }
  /** The slip of a sale on account, noting the signature on file. */
  | { readonly kind: 'credit-slip'; readonly orderId: string };

export interface PrintResult {
  readonly ok: boolean;
  /** Why it did not print, in words for the cashier (printer off, unreachable, out of paper, none configured). */
  readonly message?: string;
  /** A reprint button makes sense (the job was laid out and kept). */
  readonly canReprint: boolean;
}

export async function printDocument(request: PrintRequest): Promise<PrintResult> {
  void request;
  return { ok: false, message: 'printing is not connected yet', canReprint: false };
}

export async function reprintLast(): Promise<PrintResult> {
  return { ok: false, message: 'printing is not connected yet', canReprint: false };
}

/** The lines of the document as the printer would print them, for the on-screen preview. */
export async function previewDocument(request: PrintRequest): Promise<readonly string[]> {
  void request;
  return [];
}
