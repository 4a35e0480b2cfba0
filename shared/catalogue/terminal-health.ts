/**
 * Fleet health (docs/fleet-health.md): what a till reports about itself with every pull (protocol 2), and the
 * console's read of every enrolled till with its health. The report is additive — a protocol 1 till sends none
 * and is still seen — and it describes the till, never the business's data.
 */
import { z } from 'zod';
import { dto, text } from '../schema-kit.js';
import { operation } from './operation.js';

const count = (max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number') })
    .int({ error: 'must be an integer' })
    .min(0, { error: 'must not be negative' })
    .max(max, { error: `must be at most ${max}` });

/** Seconds either way: a clock can be off by years (a dead battery resets it to 2000; a typo sets 2062). */
const signedSeconds = (max: number) =>
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be an integer' })
    .min(-max, { error: `must be at least -${max}` })
    .max(max, { error: `must be at most ${max}` });

const shortText = (max: number) => text().max(max, { error: `must be at most ${max} characters` });

/** What the till knows of its receipt printer: from the last job's answer, or `unknown` before any. */
export const PRINTER_STATES = ['ok', 'paper-out', 'offline', 'error', 'none', 'unknown'] as const;
export type PrinterState = (typeof PRINTER_STATES)[number];

export const TerminalHealthDto = dto({
  appVersion: shortText(40),
  /** "linux 6.1.0", "win32 10.0.19045", … */
  os: shortText(100),
  /** Operations done at the till and not yet acknowledged by the service. */
  outboxDepth: count(1_000_000_000),
  /** Seconds since the oldest of them was done, by the till's own clock (so the two clocks need not agree); null when none. */
  oldestUnsentAgeSeconds: count(10_000_000_000).nullable(),
  /** Operations the service refused that wait for a person at the till (the inbox). */
  needsAttention: count(1_000_000_000),
  /** The last failed sync and when (by the till's clock), or null: kept after it recovers, so a flapping line shows. */
  lastSyncError: dto({ message: shortText(300), at: shortText(40) }).nullable(),
  printer: dto({
    status: z.enum(PRINTER_STATES, { error: `must be one of the following values: ${PRINTER_STATES.join(', ')}` }),
    detail: shortText(200).nullish(),
  }),
  /**
   * How far the till's OS clock is from the service's time (positive: ahead), in seconds, while it is off by more
   * than the till's threshold (2 minutes); absent while it is right, and from tills before the field.
   */
  clockSkewSeconds: signedSeconds(10_000_000_000).nullish(),
});
export type TerminalHealthDto = z.output<typeof TerminalHealthDto>;

const minutes = () =>
  z
    .string({ error: 'must be a number of minutes' })
    .regex(/^\d{1,6}$/, { error: 'must be a whole number of minutes' })
    .transform(Number)
    .refine((value) => value >= 1, { error: 'must be at least 1' });

/** When the fleet page marks a till red: thresholds in minutes (defaults 30 and 60). */
export const FleetQuery = dto({
  unsentMinutes: minutes().optional(),
  unseenMinutes: minutes().optional(),
});
export type FleetQuery = z.output<typeof FleetQuery>;

export const terminalHealthOperations = [
  operation({ operationId: 'SyncController_fleet', method: 'GET', path: '/sync/fleet', tag: 'Sync', query: FleetQuery, access: ['OWNER', 'ADMIN'], offline: 'online-only', extension: true }),
] as const;
