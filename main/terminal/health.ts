/**
 * What this till reports about itself with every pull (protocol 2, docs/fleet-health.md): its app version and OS,
 * how many operations wait to be sent and how old the oldest is, how many need a person, the last sync failure,
 * its printer, and how far its OS clock is off when it is (./till-clock.ts). Ages and times are measured on the
 * till's sane clock (queue time to now), so a skewed clock does not make a fresh queue look old on the service.
 */
import { platform, release } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { PrinterState, TerminalHealthDto } from '../../shared/catalogue/terminal-health.js';
import { TillClock } from './till-clock.js';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Which printer state the report shows when printers differ: the one most in need of a person. */
const PRINTER_SEVERITY: Record<PrinterState, number> = { ok: 0, unknown: 1, none: 2, error: 3, offline: 4, 'paper-out': 5 };

/** What the till knows of itself beyond its store: filled by the shell (version), the sync engine and printing. */
export class HealthState {
  appVersion = process.env.npm_package_version ?? 'unknown';
  private lastError: { message: string; at: string } | null = null;
  private printer: { status: PrinterState; detail: string | null } = { status: 'unknown', detail: null };
  private readonly printers = new Map<string, { status: PrinterState; detail: string | null }>();

  constructor(private readonly clock: TillClock = new TillClock()) {}

  /** A sync cycle failed (the reason as the till shows it, never internals). Kept after recovery. */
  noteSyncError(message: string, at = new Date(this.clock.now())): void {
    this.lastError = { message: clip(message, 300), at: at.toISOString() };
  }

  /** The outcome of the last print job (or a status query). */
  notePrinter(status: PrinterState, detail: string | null = null): void {
    this.printer = { status, detail: detail === null ? null : clip(detail, 200) };
  }

  /**
   * The last outcome of one printer of the till (`printer`: its name or address), as the shell's print service
   * reports it after each job; `printer` null with `none`: the point has no printer configured. The report's one
   * `printer` field carries the worst state over the till's printers, and `detail` names each printer that is not
   * ok ("Kassa printer: paper-out"), so the owner's fleet page tells which printer to look at.
   */
  notePrinterOutcome(printer: string | null, status: PrinterState, detail: string | null = null): void {
    if (printer === null) {
      this.printers.clear();
      this.notePrinter(status, detail);
      return;
    }
    this.printers.set(printer, { status, detail });
    const states = [...this.printers.values()];
    const worst = states.reduce((found, state) => (PRINTER_SEVERITY[state.status] > PRINTER_SEVERITY[found.status] ? state : found));
    const problems = [...this.printers].filter(([, state]) => state.status !== 'ok').map(([name, state]) => `${name}: ${state.status}${state.detail ? ` (${state.detail})` : ''}`);
    this.notePrinter(worst.status, problems.length > 0 ? problems.join('; ') : null);
  }

  /** What the report says of the printer now. */
  printerState(): { readonly status: PrinterState; readonly detail: string | null } {
    return this.printer;
  }

  /** The report, with the counts read from the till's store. */
  async report(local: Kysely<unknown>, nowMs = this.clock.now()): Promise<TerminalHealthDto> {
    const outbox = (await sql<{ n: bigint | number; oldest: string | null }>`select count(*) as n, min(dt_created) as oldest from outbox`.execute(local)).rows[0];
    const inbox = (await sql<{ n: bigint | number }>`select count(*) as n from inbox where resolution is null`.execute(local)).rows[0];
    const oldestMs = outbox?.oldest ? Date.parse(outbox.oldest) : NaN;
    const { skewMs } = this.clock.read();
    return {
      appVersion: clip(this.appVersion, 40),
      os: clip(`${platform()} ${release()}`, 100),
      outboxDepth: Number(outbox?.n ?? 0),
      oldestUnsentAgeSeconds: Number.isNaN(oldestMs) ? null : Math.max(0, Math.floor((nowMs - oldestMs) / 1000)),
      needsAttention: Number(inbox?.n ?? 0),
      lastSyncError: this.lastError,
      printer: this.printer,
      // Only while the clock is off: a service from before the field refuses it, and it needs no more than that.
      ...(skewMs === null ? {} : { clockSkewSeconds: Math.round(skewMs / 1000) }),
    };
  }
}
