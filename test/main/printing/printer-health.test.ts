/**
 * How print outcomes reach the till's health report (docs/fleet-health.md): each outcome as a printer state, and
 * the one printer field of the report as the worst state over the till's printers, naming those that need a person.
 */
import { describe, expect, it } from 'vitest';
import { printerHealthOf } from '../../../main/printing/printer-health.js';
import { HealthState } from '../../../main/terminal/health.js';

describe('printer status in the till’s health', () => {
  it('states each print outcome as the fleet page shows printers', () => {
    expect(printerHealthOf({ status: 'printed' })).toEqual({ status: 'ok', detail: null });
    expect(printerHealthOf({ status: 'out_of_paper' })).toEqual({ status: 'paper-out', detail: null });
    expect(printerHealthOf({ status: 'unreachable', reason: 'ECONNREFUSED' })).toEqual({ status: 'offline', detail: 'ECONNREFUSED' });
    expect(printerHealthOf({ status: 'timed_out', phase: 'connect', afterMs: 3000 })).toMatchObject({ status: 'offline' });
    expect(printerHealthOf({ status: 'timed_out', phase: 'write', afterMs: 10000 })).toMatchObject({ status: 'error' });
    expect(printerHealthOf({ status: 'refused', reason: 'ECONNRESET' })).toEqual({ status: 'error', detail: 'ECONNRESET' });
    expect(printerHealthOf(null)).toMatchObject({ status: 'none' });
  });

  it('reports the worst printer and names every printer that is not ok, and ok again once all print', () => {
    const health = new HealthState();
    expect(health.printerState()).toEqual({ status: 'unknown', detail: null });
    health.notePrinterOutcome('Kassa', 'ok');
    health.notePrinterOutcome('Bar', 'offline', 'ECONNREFUSED');
    expect(health.printerState()).toEqual({ status: 'offline', detail: 'Bar: offline (ECONNREFUSED)' });
    health.notePrinterOutcome('Kassa', 'paper-out');
    expect(health.printerState()).toEqual({ status: 'paper-out', detail: 'Kassa: paper-out; Bar: offline (ECONNREFUSED)' });
    health.notePrinterOutcome('Kassa', 'ok');
    health.notePrinterOutcome('Bar', 'ok');
    expect(health.printerState()).toEqual({ status: 'ok', detail: null });
  });

  it('reports none when the point has no printer, forgetting printers it had', () => {
    const health = new HealthState();
    health.notePrinterOutcome('Kassa', 'offline');
    health.notePrinterOutcome(null, 'none', 'no receipt printer is configured for this point');
    expect(health.printerState()).toEqual({ status: 'none', detail: 'no receipt printer is configured for this point' });
  });
});
