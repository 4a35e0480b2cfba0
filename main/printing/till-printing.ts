/**
 * Printing at the till, end to end on the shell's side: a screen's request (sale, refund, void, X/Z report, credit slip)
 * → the document's data read through the core as the signed-in employee → laid out for each receipt printer of
 * the till's point → the print service's per-printer queue. Every call resolves with an answer for the cashier and
 * never rejects: a printer that is off, unreachable or out of paper is a `problem` and `canReprint`, so a sale is
 * never blocked or lost by its receipt. `reprintLast` prints the last document again on the same printers without
 * a second drawer pulse (print-service.ts).
 */
import type { PrintCallInput, PrintPreviewPayload, PrintProblem, PrintResultPayload } from '../../shared/terminal-contract.js';
import { NameBook } from './name-book.js';
import { creditSlip, refundReceipt, saleReceipt } from './order-documents.js';
import { voidSlip } from './void-document.js';
import { previewPrintable, type PrintableDocument } from './printable-document.js';
import type { PrintOutcome } from './print-outcome.js';
import { PrintService } from './print-service.js';
import { DEFAULT_PRINTER_PROFILE } from './printer-profile.js';
import { receiptPrintersOf, type TillPrinter } from './printer-settings.js';
import { columnsOf } from './printer-profile.js';
import type { ReceiptLanguage } from './receipt-labels.js';
import { shiftReport, shiftTotalsFromReport, type ShiftTotalsSource } from './shift-report-source.js';
import { DocumentUnavailable, unavailable, type TillReader } from './till-reader.js';

export interface TillPrintingOptions {
  readonly reader: TillReader;
  readonly service?: PrintService;
  /** Where the X/Z reports' numbers come from (the shift engineer's operation, once connected). */
  readonly shiftTotals?: ShiftTotalsSource;
  /** Each printer's outcome, for the till's health report; `null` printer: none is configured. */
  readonly onOutcome?: (printer: TillPrinter | null, outcome: PrintOutcome | null) => void;
  readonly names?: NameBook;
  readonly log?: (line: string) => void;
}

/** The outcome's problem for the cashier's message; undefined when it printed. */
export function problemOf(outcome: PrintOutcome): PrintProblem | undefined {
  switch (outcome.status) {
    case 'printed':
      return undefined;
    case 'unreachable':
      return 'unreachable';
    case 'timed_out':
      return 'timed-out';
    case 'refused':
      return 'refused';
    case 'out_of_paper':
      return 'out-of-paper';
    case 'invalid_document':
      return 'bad-document';
    case 'nothing_to_reprint':
      return 'nothing-to-reprint';
  }
}

type Built = { ok: true; document: PrintableDocument } | { ok: false; problem: PrintProblem };

export class TillPrinting {
  readonly service: PrintService;
  private readonly reader: TillReader;
  private readonly names: NameBook;
  private readonly shiftTotals: ShiftTotalsSource;
  private readonly onOutcome: NonNullable<TillPrintingOptions['onOutcome']>;
  private readonly log: (line: string) => void;
  /** The printers the last document went to (the reprint goes to the same ones). */
  private lastPrinters: readonly TillPrinter[] = [];

  constructor(options: TillPrintingOptions) {
    this.reader = options.reader;
    this.service = options.service ?? new PrintService();
    this.names = options.names ?? new NameBook(options.reader);
    this.shiftTotals = options.shiftTotals ?? shiftTotalsFromReport;
    this.onOutcome = options.onOutcome ?? (() => {});
    this.log = options.log ?? (() => {});
  }

  /** Reads the name lists ahead of the first receipt (after sign-in). */
  warm(): Promise<void> {
    return this.names.warm();
  }

  async print(request: PrintCallInput): Promise<PrintResultPayload> {
    try {
      const built = await this.build(request);
      if (!built.ok) return { ok: false, problem: built.problem, canReprint: false };
      const printers = await this.printers().catch((error: unknown) => {
        if (error instanceof DocumentUnavailable) return error;
        throw error;
      });
      if (printers instanceof DocumentUnavailable) return { ok: false, problem: printers.problem, canReprint: false };
      if (printers.length === 0) {
        this.onOutcome(null, null);
        return { ok: false, problem: 'no-printer', canReprint: false };
      }
      this.lastPrinters = printers;
      const outcomes = await Promise.all(printers.map((printer) => this.service.print({ printer, document: built.document })));
      return this.answer(printers, outcomes);
    } catch (error) {
      this.log(`printing failed: ${error instanceof Error ? error.message : String(error)}`);
      return { ok: false, problem: 'bad-document', canReprint: false };
    }
  }

  async reprintLast(): Promise<PrintResultPayload> {
    const printers = this.lastPrinters;
    if (printers.length === 0) return { ok: false, problem: 'nothing-to-reprint', canReprint: false };
    const outcomes = await Promise.all(printers.map((printer) => this.service.reprintLast(printer)));
    return this.answer(printers, outcomes);
  }

  /** The lines the paper will show, at the width of the point's first printer (80 mm when it has none). */
  async preview(request: PrintCallInput): Promise<PrintPreviewPayload> {
    try {
      const built = await this.build(request);
      const printers = await this.printers().catch(() => []);
      const paperWidth = printers[0]?.profile.paperWidth ?? DEFAULT_PRINTER_PROFILE.paperWidth;
      const columns = columnsOf(paperWidth);
      if (!built.ok) return { lines: [], columns, problem: built.problem };
      return { lines: previewPrintable(built.document, paperWidth, printers[0]?.profile.codePage === 'latin'), columns, ...(printers.length === 0 ? { problem: 'no-printer' as const } : {}) };
    } catch (error) {
      this.log(`print preview failed: ${error instanceof Error ? error.message : String(error)}`);
      return { lines: [], columns: columnsOf(DEFAULT_PRINTER_PROFILE.paperWidth), problem: 'bad-document' };
    }
  }

  private answer(printers: readonly TillPrinter[], outcomes: readonly PrintOutcome[]): PrintResultPayload {
    let failed: { printer: TillPrinter; problem: PrintProblem } | undefined;
    outcomes.forEach((outcome, index) => {
      const printer = printers[index];
      if (!printer) return;
      this.onOutcome(printer, outcome);
      const problem = problemOf(outcome);
      if (problem && !failed) failed = { printer, problem };
    });
    if (!failed) return { ok: true, canReprint: true };
    return { ok: false, problem: failed.problem, printer: failed.printer.name, canReprint: failed.problem !== 'bad-document' && failed.problem !== 'nothing-to-reprint' };
  }

  private async printers(): Promise<TillPrinter[]> {
    const identity = await this.reader.identity();
    if (!identity.pointId) return [];
    const rows = await this.reader.read('BusinessController_findAllPrinters').catch((error: unknown) => {
      throw unavailable(error, 'the printers');
    });
    return receiptPrintersOf(rows, identity.pointId);
  }

  private async build(request: PrintCallInput): Promise<Built> {
    const language: ReceiptLanguage = request.language ?? 'uz';
    try {
      switch (request.kind) {
        case 'sale':
          return { ok: true, document: { type: 'sale-receipt', data: await saleReceipt(this.reader, this.names, request.orderId, language, request.openDrawer) } };
        case 'refund':
          return { ok: true, document: { type: 'refund-receipt', data: await refundReceipt(this.reader, this.names, request.refundId, language) } };
        case 'credit-slip':
          return { ok: true, document: { type: 'credit-slip', data: await creditSlip(this.reader, this.names, request.orderId, language) } };
        case 'void':
          return { ok: true, document: { type: 'void-slip', data: await voidSlip(this.reader, this.names, request, language) } };
        case 'shift-report':
          return { ok: true, document: await shiftReport(this.reader, this.names, this.shiftTotals, request.settlementId, request.final, language) };
      }
    } catch (error) {
      if (error instanceof DocumentUnavailable) return { ok: false, problem: error.problem };
      throw error;
    }
  }
}
