/**
 * A print outcome as the till's health report states a printer (docs/fleet-health.md): `ok`, `paper-out`,
 * `offline` (nothing answers at its address), `error` (it answered and failed the job), `none` (no printer is
 * configured for the point). The detail is short and for the owner: what happened, never a stack.
 */
import type { PrinterState } from '../../shared/catalogue/terminal-health.js';
import type { PrintOutcome } from './print-outcome.js';

export interface PrinterHealth {
  readonly status: PrinterState;
  readonly detail: string | null;
}

export function printerHealthOf(outcome: PrintOutcome | null): PrinterHealth {
  if (outcome === null) return { status: 'none', detail: 'no receipt printer is configured for this point' };
  switch (outcome.status) {
    case 'printed':
      return { status: 'ok', detail: null };
    case 'out_of_paper':
      return { status: 'paper-out', detail: null };
    case 'unreachable':
      return { status: 'offline', detail: outcome.reason };
    case 'timed_out':
      return outcome.phase === 'connect' ? { status: 'offline', detail: `no answer within ${outcome.afterMs} ms` } : { status: 'error', detail: `the job was not confirmed within ${outcome.afterMs} ms` };
    case 'refused':
      return { status: 'error', detail: outcome.reason };
    case 'invalid_document':
      return { status: 'error', detail: outcome.problem };
    case 'nothing_to_reprint':
      return { status: 'unknown', detail: null };
  }
}
