/**
 * Fleet health on the service (docs/fleet-health.md): storing what a pull reports, and the console's fleet read.
 * The pull handler (./handlers.ts) calls `notePullHealth` after its page is read.
 */
import { FleetQuery, type TerminalHealthDto } from '../../shared/catalogue/terminal-health.js';
import { unauthorized } from '../../shared/errors.js';
import { validate } from '../../shared/validation.js';
import type { Db } from '../../app/context.js';
import { readFleet } from '../../app/sync/fleet.js';
import { healthRecorderFor, recordHealth } from '../../app/sync/health.js';
import type { Transactor } from '../../db/transactor.js';
import type { PlatformHandler } from '../platform/platform-handler.js';
import { parse } from '../platform/support.js';

interface Logger {
  warn(object: unknown, message: string): void;
}

/**
 * What makes a report worth writing. The oldest unsent operation's age grows every second while it waits, so it
 * counts as the minute it was queued (by the service's clock) rather than as an age: the same operation still
 * waiting is the same report, and the fleet read adds the time since the report itself. A clock's skew moves by a
 * second with each round trip's delay: it counts in minutes.
 */
function digestOf(protocolVersion: number, health: TerminalHealthDto | null | undefined, nowMs: number): string {
  if (!health) return `${protocolVersion}:none`;
  const age = health.oldestUnsentAgeSeconds;
  const queuedMinute = age === null ? null : Math.floor((nowMs - age * 1000) / 60_000);
  const skewMinutes = health.clockSkewSeconds == null ? null : Math.round(health.clockSkewSeconds / 60);
  return `${protocolVersion}:${JSON.stringify({ ...health, oldestUnsentAgeSeconds: queuedMinute, clockSkewSeconds: skewMinutes })}`;
}

/**
 * Stores a pull's health report when it says something new (or a minute has passed). Never fails the pull: a
 * failed write is logged and retried with the next pull.
 */
export async function notePullHealth(
  store: { readonly db: Db; readonly writes: Transactor },
  pull: { businessId: string; terminalId: string; protocolVersion: number; health: TerminalHealthDto | null | undefined; generation?: string | null },
  log?: Logger,
): Promise<void> {
  const recorder = healthRecorderFor(store.db);
  const now = new Date();
  const digest = `${digestOf(pull.protocolVersion, pull.health, now.getTime())}:${pull.generation ?? ''}`;
  if (!recorder.due(pull.businessId, pull.terminalId, digest, now.getTime())) return;
  try {
    await store.writes.transaction((tx) => recordHealth(tx, { ...pull, now: now.toISOString() }));
  } catch (error) {
    recorder.forget(pull.businessId, pull.terminalId);
    log?.warn({ err: error, terminalId: pull.terminalId }, 'a terminal’s health report could not be stored');
  }
}

const fleet: PlatformHandler = {
  operationId: 'SyncController_fleet',
  async run({ db }, input, principal) {
    if (!principal) throw unauthorized();
    const query = parse(validate(FleetQuery, input.query ?? {}));
    return readFleet(db, principal.businessId, { now: new Date(), ...query });
  },
};

export const fleetHandlers: readonly PlatformHandler[] = [fleet];
