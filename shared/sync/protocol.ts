/**
 * The version of the sync protocol (enrollment, pull, bootstrap and, later, push). Terminals update late — a till
 * may sit offline through a release — so the service accepts a window of versions, not just the newest; a request
 * outside the window is answered 426 with a message the terminal can show.
 *
 * Changelog (add a line, bump PROTOCOL_VERSION, and move MIN_PROTOCOL_VERSION only when the oldest version's
 * terminals are gone or must update):
 * - 1: enrollment codes and device credentials; pull of the commit-ordered change log with `v1:` cursors, ack and
 *      operation results; keyset-paginated bootstrap with progress. Push is not served yet.
 * - 2: a pull may carry the terminal's `health` (app version, OS, outbox depth, age of the oldest unsent operation,
 *      needs-attention count, last sync error, printer status; docs/fleet-health.md), stored per terminal for the
 *      console's fleet page. Additive: a protocol 1 terminal sends none and is served as before.
 * - 3: disasters (docs/sync.md, "Disasters"). The service's generation: answered by enroll, pull, push and
 *      bootstrap, carried in `v2:` cursors and in the till's requests (`generation`); a till carrying another one is
 *      answered `SERVICE_REWOUND` (a pull reset, or 409 to push and bootstrap) with the service's `queues` — the last
 *      operation it holds of each of the terminal's queues — so the till sends again what the service lost. Also: the
 *      till's `installId` (another install on one credential is a copy of the till: `copy` in the answers), the
 *      pull's `wantQueues` and `incidents` (what went wrong at the till, recorded once for the office). Additive: a
 *      protocol 1 or 2 terminal sends none of these and is served as before (v1 cursors stay valid).
 * - 4: enrollment from a provisioning file sends the file (`provisioning`); the service refuses it unless it signed
 *      it and the code is the file's own, of the business and workplace it names (docs/downloads.md). Additive: an
 *      older terminal sends none and enrolls by its code alone, as before.
 */
export const PROTOCOL_VERSION = 4;

/** The oldest protocol version the service still serves. */
export const MIN_PROTOCOL_VERSION = 1;

/** True when the service serves `version`. */
export function supportsProtocolVersion(version: number): boolean {
  return Number.isInteger(version) && version >= MIN_PROTOCOL_VERSION && version <= PROTOCOL_VERSION;
}

/** The message a terminal outside the window is answered with (status 426). */
export function unsupportedProtocolMessage(version: number): string {
  return version > PROTOCOL_VERSION
    ? `Sync protocol ${version} is newer than this service supports (${MIN_PROTOCOL_VERSION}–${PROTOCOL_VERSION}); update the service`
    : `Sync protocol ${version} is no longer supported (${MIN_PROTOCOL_VERSION}–${PROTOCOL_VERSION}); update the terminal`;
}
