/**
 * How printing reads a document's data: through the terminal core, as the signed-in employee, with the same read
 * operations a screen uses (so a cashier can print only what they may read). Why an interface: main/printing must
 * not depend on the core (layering); the shell passes a reader over its core (main/print-dispatcher.ts) and tests a
 * reader over a real core or plain data.
 */
import type { OperationId } from '../../shared/catalogue/index.js';
import type { OperationOutput } from '../../shared/catalogue/wire-types.js';

export interface ReadInput {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
}

/** Who and where: the till's names and scope (`terminal.enrollmentStatus`). */
export interface TillIdentity {
  readonly business: string | null;
  readonly point: string | null;
  readonly till: string | null;
  readonly pointId: string | null;
  readonly workplaceId: string | null;
}

export interface TillReader {
  /** A catalogue read run locally; rejects with `{statusCode}` (401 nobody signed in, 404 no such record). */
  read<Id extends OperationId>(operation: Id, input?: ReadInput): Promise<OperationOutput<Id>>;
  identity(): Promise<TillIdentity>;
  /** The signed-in employee, or null. */
  cashier(): Promise<{ readonly id: string; readonly full_name: string } | null>;
  /**
   * The till's sane time (main/terminal/till-clock.ts), which a computer clock set wrong does not move; absent: this
   * machine's clock.
   */
  now?(): Promise<Date>;
}

/** Why a document's data could not be read: nobody signed in, or the record is not on this till. */
export class DocumentUnavailable extends Error {
  constructor(readonly problem: 'not-signed-in' | 'not-found', detail: string) {
    super(detail);
    this.name = 'DocumentUnavailable';
  }
}

/** A read's failure as a DocumentUnavailable (401, 404) or the error itself. */
export function unavailable(error: unknown, what: string): unknown {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 401) return new DocumentUnavailable('not-signed-in', `nobody is signed in to read ${what}`);
  if (status === 404 || status === 400) return new DocumentUnavailable('not-found', `${what} is not on this till`);
  return error;
}

/** The till's local wall-clock time of an ISO instant, as receipts print it ("2026-11-25T19:24:16"). */
export function localDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}
