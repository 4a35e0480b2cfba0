/**
 * Every way a print can end, as data. Why typed outcomes and never a thrown error: printing runs after a sale is
 * committed, fired and forgotten by the caller; a printer that is off, unplugged or out of paper must become a
 * message and a reprint button, never an exception that could unwind the sale or crash the terminal.
 */

export type PrintOutcome =
  /** The printer took every byte and (when asked) answered its status with paper present. */
  | { readonly status: 'printed' }
  /** No connection could be made: nothing listens there (closed port, printer off), no route, unknown host. */
  | { readonly status: 'unreachable'; readonly reason: string }
  /** Connecting, or sending and hearing back, took longer than its deadline. The job may or may not have printed. */
  | { readonly status: 'timed_out'; readonly phase: 'connect' | 'write'; readonly afterMs: number }
  /** Connected, but the printer dropped the connection before taking the whole job (reset, closed early). */
  | { readonly status: 'refused'; readonly reason: string }
  /** The printer answered its paper sensor: the roll is out, nothing was printed. */
  | { readonly status: 'out_of_paper' }
  /** The document could not be laid out or encoded (e.g. a malformed amount); nothing was sent. */
  | { readonly status: 'invalid_document'; readonly problem: string }
  /** A reprint was asked for a printer that has printed nothing since the terminal started. */
  | { readonly status: 'nothing_to_reprint' };

export type PrintStatus = PrintOutcome['status'];
