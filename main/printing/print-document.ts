/**
 * The one shape every layout produces: a list of blocks (text lines already fitted to the paper, rules, codes, cut,
 * drawer pulse). Why an intermediate program instead of calling the encoder directly: the same program is encoded
 * to ESC/POS bytes for the printer (encode-document.ts) and rendered to plain text for the on-screen preview
 * (preview-document.ts), so the preview cannot drift from what the paper shows.
 */

export type PrintBlock =
  /** One line of text, already cut to the paper's columns. `emphasis` prints bold (and is kept in the preview). */
  | { readonly kind: 'line'; readonly text: string; readonly emphasis?: boolean }
  /** A full-width separator. */
  | { readonly kind: 'rule'; readonly style: 'single' | 'double' }
  /** A Code 128 barcode of `value` (ASCII), centred, with the value printed below. */
  | { readonly kind: 'barcode'; readonly value: string }
  /** A QR code of `value`, centred. */
  | { readonly kind: 'qr'; readonly value: string }
  /** Open the cash drawer (ESC p on pin 2). */
  | { readonly kind: 'drawer-pulse' }
  /** Feed and cut the paper. */
  | { readonly kind: 'cut' };

export interface PrintDocument {
  /** Columns the lines were fitted to (32 for 58 mm, 48 for 80 mm). */
  readonly columns: number;
  readonly blocks: readonly PrintBlock[];
}
