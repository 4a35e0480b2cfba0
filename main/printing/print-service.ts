/**
 * The printing API the terminal fires after a commit: `print(job)` resolves with a PrintOutcome and never rejects,
 * so a sale can never be blocked or lost by its receipt. Jobs go through one queue per printer (host:port) so two
 * receipts never interleave on the paper; the last job of each printer is kept for the "reprint" button, which
 * prints it again without opening the cash drawer a second time.
 */
import { encodeDocument } from './encode-document.js';
import { latinDocument } from './latin-fallback.js';
import { layoutDocument, type PrintableDocument } from './printable-document.js';
import type { PrintDocument } from './print-document.js';
import type { PrintOutcome } from './print-outcome.js';
import { columnsOf, type PrinterProfile } from './printer-profile.js';
import { DEFAULT_SEND_OPTIONS, sendToPrinter, type PrinterAddress, type SendOptions } from './tcp-printer-transport.js';

/** A printer configured for the point (the service's printers: address and port), with what it can print. */
export interface PrinterConfig extends PrinterAddress {
  readonly profile: PrinterProfile;
  /** Printers that do not answer the paper-status query are configured with 'none'. */
  readonly confirm?: SendOptions['confirm'];
}

export interface PrintJob {
  readonly printer: PrinterConfig;
  readonly document: PrintableDocument;
}

export type SendFunction = (address: PrinterAddress, bytes: Uint8Array, options: SendOptions) => Promise<PrintOutcome>;

export interface PrintServiceOptions {
  readonly connectTimeoutMs?: number;
  readonly writeTimeoutMs?: number;
  /** The transport; tests and the e2e harness may replace it. */
  readonly send?: SendFunction;
}

interface LaidOutJob {
  readonly printer: PrinterConfig;
  readonly document: PrintDocument;
}

export function printerKey(address: PrinterAddress): string {
  return `${address.host}:${address.port}`;
}

export class PrintService {
  private readonly queueTails = new Map<string, Promise<unknown>>();
  private readonly lastJobs = new Map<string, LaidOutJob>();
  private readonly send: SendFunction;
  private readonly connectTimeoutMs: number;
  private readonly writeTimeoutMs: number;

  constructor(options: PrintServiceOptions = {}) {
    this.send = options.send ?? sendToPrinter;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_SEND_OPTIONS.connectTimeoutMs;
    this.writeTimeoutMs = options.writeTimeoutMs ?? DEFAULT_SEND_OPTIONS.writeTimeoutMs;
  }

  /** Lays out, encodes and queues `job` on its printer. Resolves when the printer took it or failed; never rejects. */
  print(job: PrintJob): Promise<PrintOutcome> {
    let laidOut: LaidOutJob;
    try {
      const document = layoutDocument(job.document, columnsOf(job.printer.profile.paperWidth));
      laidOut = { printer: job.printer, document: job.printer.profile.codePage === 'latin' ? latinDocument(document) : document };
    } catch (error) {
      return Promise.resolve({ status: 'invalid_document', problem: error instanceof Error ? error.message : String(error) });
    }
    this.lastJobs.set(printerKey(job.printer), laidOut);
    return this.enqueue(laidOut);
  }

  /** Prints the last job sent to this printer again, without the drawer pulse. */
  reprintLast(printer: PrinterAddress): Promise<PrintOutcome> {
    const last = this.lastJobs.get(printerKey(printer));
    if (!last) return Promise.resolve({ status: 'nothing_to_reprint' });
    const blocks = last.document.blocks.filter((block) => block.kind !== 'drawer-pulse');
    return this.enqueue({ printer: last.printer, document: { ...last.document, blocks } });
  }

  /** Resolves once every job queued so far has ended (for an orderly shutdown). */
  async idle(): Promise<void> {
    await Promise.all(this.queueTails.values());
  }

  private enqueue(job: LaidOutJob): Promise<PrintOutcome> {
    const key = printerKey(job.printer);
    const previous = this.queueTails.get(key) ?? Promise.resolve();
    const run = previous.then(() => this.sendNow(job));
    this.queueTails.set(key, run);
    void run.then(() => {
      if (this.queueTails.get(key) === run) this.queueTails.delete(key);
    });
    return run;
  }

  private async sendNow(job: LaidOutJob): Promise<PrintOutcome> {
    let bytes: Uint8Array;
    try {
      bytes = encodeDocument(job.document, job.printer.profile);
    } catch (error) {
      // e.g. a profile whose code page is not on its printer's mapping: a configuration to fix, not a retry.
      return { status: 'invalid_document', problem: error instanceof Error ? error.message : String(error) };
    }
    try {
      return await this.send(job.printer, bytes, {
        connectTimeoutMs: this.connectTimeoutMs,
        writeTimeoutMs: this.writeTimeoutMs,
        confirm: job.printer.confirm ?? 'status',
      });
    } catch (error) {
      // The TCP transport never throws; a replaced one might, and the caller must still get an outcome.
      return { status: 'refused', reason: error instanceof Error ? error.message : String(error) };
    }
  }
}
