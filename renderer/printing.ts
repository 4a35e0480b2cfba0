/**
 * What the screens call to print: a sale's receipt, a refund's slip, the X/Z report, a credit slip. Printing
 * happens in the shell (main/print-dispatcher.ts → main/printing/), never here: this module sends the request over
 * the bridge (`terminal.print`, `terminal.reprintLast`, `terminal.printPreview`) with the language on screen, and
 * turns the answer into words for the cashier. Printing runs after the commit and never blocks or loses a sale:
 * these functions never reject — a printer that is off, unreachable or out of paper is a message and, when the job
 * was kept, a reprint button (`canReprint`).
 *
 * The app connects it once at start (`connectPrinting(bridge, () => language)`, renderer/main.tsx).
 */
import type { PrintOperationName, PrintPreviewPayload, PrintRequestPayload, PrintResultPayload, TerminalOperationTypes } from '../shared/terminal-contract.js';
import { translator, type Language } from './i18n/index.js';

/** The part of the app's bridge (renderer/bridge.ts) printing uses: the print operations, typed by name. */
export interface PrintBridge {
  terminal<K extends PrintOperationName>(
    operation: K,
    ...input: TerminalOperationTypes[K]['input'] extends undefined ? [] : [TerminalOperationTypes[K]['input']]
  ): Promise<TerminalOperationTypes[K]['result']>;
}

export type PrintRequest = PrintRequestPayload;

export interface PrintResult {
  readonly ok: boolean;
  /** Why it did not print, in words for the cashier (printer off, unreachable, out of paper, none configured). */
  readonly message?: string;
  /** A reprint button makes sense (the job was laid out and kept). */
  readonly canReprint: boolean;
}

interface Connection {
  readonly bridge: PrintBridge;
  readonly language: () => Language;
}

let connection: Connection | undefined;

/** Connects printing to the app's bridge and the language on screen; returns the function that disconnects. */
export function connectPrinting(bridge: PrintBridge, language: () => Language): () => void {
  const mine: Connection = { bridge, language };
  connection = mine;
  return () => {
    if (connection === mine) connection = undefined;
  };
}

function languageNow(): Language {
  return connection?.language() ?? 'uz';
}

/** The shell's answer in the cashier's words. */
export function resultOf(answer: PrintResultPayload, language: Language = languageNow()): PrintResult {
  if (answer.ok) return { ok: true, canReprint: answer.canReprint };
  const t = translator(language);
  const message = t(`printing.problem.${answer.problem ?? 'bad-document'}`, { printer: answer.printer ?? '' });
  return { ok: false, message, canReprint: answer.canReprint };
}

function noConnection(): PrintResult {
  return { ok: false, message: translator(languageNow())('printing.problem.no-connection'), canReprint: false };
}

export async function printDocument(request: PrintRequest): Promise<PrintResult> {
  if (!connection) return noConnection();
  try {
    return resultOf(await connection.bridge.terminal('terminal.print', { ...request, language: languageNow() }));
  } catch {
    // The request may not have reached the till: a reprint could print the previous document, so none is offered.
    return noConnection();
  }
}

/** Prints the last document again on the same printers, without opening the cash drawer a second time. */
export async function reprintLast(): Promise<PrintResult> {
  if (!connection) return noConnection();
  try {
    return resultOf(await connection.bridge.terminal('terminal.reprintLast'));
  } catch {
    return noConnection();
  }
}

/** The preview with the paper's width and why it would not print, if it would not. */
export async function previewWithWidth(request: PrintRequest): Promise<PrintPreviewPayload> {
  if (!connection) return { lines: [], columns: 48 };
  try {
    return await connection.bridge.terminal('terminal.printPreview', { ...request, language: languageNow() });
  } catch {
    return { lines: [], columns: 48 };
  }
}

/** The lines of the document as the printer would print them, for the on-screen preview. */
export async function previewDocument(request: PrintRequest): Promise<readonly string[]> {
  return (await previewWithWidth(request)).lines;
}
