/**
 * The shell's print wiring: the bridge's dispatcher, with the print operations (`PRINT_OPERATIONS`) answered here
 * by the till's print service instead of the core. Printing is a shell concern — the core may not import
 * main/printing (layering) — so the shell reads the document's data from the core (as the signed-in employee, with
 * the same read operations a screen uses), prints, and tells the core each printer's outcome for the till's health
 * report. Used by Electron (shell.ts) and browser mode (browser-mode.ts) alike.
 */
import {
  NOTE_PRINTER_OPERATION,
  isPrintOperation,
  type NotePrinterInput,
  type PrintCallInput,
  type RpcResult,
  type SessionEmployee,
  type TerminalOperationTypes,
} from '../shared/terminal-contract.js';
import type { TerminalCore } from './core/api.js';
import { checkBridgeCall } from './core/bridge-operations.js';
import type { Dispatcher } from './core/dispatcher.js';
import { toRpcError } from './core/errors.js';
import { printerHealthOf } from './printing/printer-health.js';
import type { PrintService } from './printing/print-service.js';
import type { ShiftTotalsSource } from './printing/shift-report-source.js';
import { TillPrinting } from './printing/till-printing.js';
import type { TillReader } from './printing/till-reader.js';

export interface PrintingOptions {
  /** The print service (tests and the e2e harness may give one with other timeouts). */
  readonly service?: PrintService;
  /** The X/Z reports' numbers: the shift engineer's operation once the lead connects it. */
  readonly shiftTotals?: ShiftTotalsSource;
}

/** The till's reads for printing, through the core (catalogue reads run as the signed-in employee). */
export function coreReader(core: TerminalCore): TillReader {
  return {
    read: ((operation: string, input: { params?: Record<string, string>; query?: Record<string, string> } = {}) =>
      core.invoke(operation, { params: input.params ?? {}, ...(input.query ? { query: input.query } : {}) })) as TillReader['read'],
    async identity() {
      const status = (await core.invoke('terminal.enrollmentStatus', undefined)) as TerminalOperationTypes['terminal.enrollmentStatus']['result'];
      return {
        business: status.business ?? null,
        point: status.point ?? null,
        till: status.till ?? null,
        pointId: status.scope?.pointId ?? null,
        workplaceId: status.scope?.workplaceId ?? null,
      };
    },
    async cashier() {
      const session = (await core.invoke('terminal.session', undefined)) as { employee: SessionEmployee | null };
      return session.employee;
    },
    async now() {
      // The core dates its work by its sane clock; this machine's clock plus the core's correction is that time.
      const status = (await core.invoke('terminal.syncStatus', undefined)) as TerminalOperationTypes['terminal.syncStatus']['result'];
      return new Date(Date.now() + (status.clock?.correctionMs ?? 0));
    },
  };
}

export interface PrintingDispatcher extends Dispatcher {
  readonly printing: TillPrinting;
}

export function withPrinting(dispatcher: Dispatcher, core: TerminalCore, log: (line: string) => void, options: PrintingOptions = {}): PrintingDispatcher {
  const printing = new TillPrinting({
    reader: coreReader(core),
    ...(options.service ? { service: options.service } : {}),
    ...(options.shiftTotals ? { shiftTotals: options.shiftTotals } : {}),
    log,
    onOutcome: (printer, outcome) => {
      const note: NotePrinterInput = { printer: printer ? printer.name || `${printer.host}:${printer.port}` : null, ...printerHealthOf(outcome) };
      core.invoke(NOTE_PRINTER_OPERATION, note).catch((error: unknown) => log(`printer status not noted: ${error instanceof Error ? error.message : String(error)}`));
    },
  });
  // The name lists a receipt needs are read once someone signs in, so the first receipt is as quick as the next.
  dispatcher.subscribe((name, payload) => {
    if (name === 'session' && (payload as { employee?: unknown } | null)?.employee) void printing.warm().catch(() => undefined);
  });

  async function print(operation: string, input: unknown): Promise<RpcResult> {
    try {
      const call = checkBridgeCall(operation, input);
      if (operation === 'terminal.reprintLast') return { ok: true, value: await printing.reprintLast() };
      const request = call.input as PrintCallInput;
      return { ok: true, value: operation === 'terminal.print' ? await printing.print(request) : await printing.preview(request) };
    } catch (error) {
      return { ok: false, error: toRpcError(error) };
    }
  }

  return {
    printing,
    call: (operation, input) => (isPrintOperation(operation) ? print(operation, input) : dispatcher.call(operation, input)),
    subscribe: (listener) => dispatcher.subscribe(listener),
  };
}
