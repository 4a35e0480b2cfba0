/**
 * The paper-sensor status query that ends every job (DLE EOT 4, "transmit roll paper sensor status"). Why: a TCP
 * write "succeeds" as soon as the bytes sit in the kernel's buffer, even if the printer hung and never reads them;
 * the printer's one-byte answer proves it read the job through to its end, and tells whether the roll ran out.
 * Real-time commands are answered as soon as they are received, even while earlier lines are still printing.
 */

export const PAPER_STATUS_QUERY = Uint8Array.of(0x10, 0x04, 0x04);

export type PaperStatus = 'paper-present' | 'paper-out';

/** Bits 0 and 7 are always 0 and bits 1 and 4 always 1 in a status byte; bits 5 and 6 are set when the roll is out. */
export function readPaperStatus(byte: number): PaperStatus | undefined {
  if ((byte & 0x93) !== 0x12) return undefined;
  return (byte & 0x60) === 0x60 ? 'paper-out' : 'paper-present';
}
