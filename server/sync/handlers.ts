/**
 * The sync operations of the central service (docs/sync.md): enrollment codes, enrollment, the terminal list
 * and revocation for the back office; pull and bootstrap for enrolled terminals. The domain work is in app/sync;
 * this file adds what only the service has — the service secret's keys, token signing, the principal cache —
 * and checks the protocol version and that a terminal speaks only for itself.
 */
import { BootstrapDto, CreateEnrollmentCodeDto, EnrollDto, PullDto } from '../../shared/catalogue/sync.js';
import { badRequest, conflict, forbidden, OperationError, unauthorized } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import { MIN_PROTOCOL_VERSION, PROTOCOL_VERSION, supportsProtocolVersion, unsupportedProtocolMessage } from '../../shared/sync/protocol.js';
import type { EnrollResponse } from '../../shared/sync/wire.js';
import { validate } from '../../shared/validation.js';
import { onPostgres } from '../../app/operation.js';
import { readBootstrapPage } from '../../app/sync/bootstrap.js';
import { createEnrollmentCode, enrollTerminal, PROVISIONING_MISMATCH_MESSAGE, type ProvisionedFor } from '../../app/sync/enrollment.js';
import { normalizeEnrollmentCode } from '../../shared/sync/enrollment-code.js';
import { readOwnProvisioning } from '../downloads/provisioning-signer.js';
import { CaptureBehind, readPull } from '../../app/sync/pull.js';
import { PULL_CATCH_UP_MS } from '../capture/progress.js';
import { changeCacheFor } from '../../app/sync/change-cache.js';
import { keepRefusedOperations, listRefusedOperations } from '../../app/sync/refused-operations.js';
import { applyPush, finishPush, pushWithIsolationRetry } from '../../app/sync/push.js';
import { openPush } from '../../app/sync/push-opening.js';
import { readPushBatch } from '../../app/sync/push-batch.js';
import { resolveTerminalScope, scopeWarehouses } from '../../app/sync/scope.js';
import { listTerminals, revokeTerminal } from '../../app/sync/terminals.js';
import type { Principal } from '../auth/principal.js';
import { TERMINAL_AUDIENCE } from '../auth/tokens.js';
import type { PlatformHandler } from '../platform/platform-handler.js';
import { audit, parse } from '../platform/support.js';
import { JsonText } from './json-text.js';
import { notePullHealth } from './fleet-handlers.js';
import { syncKeys } from './keys.js';
import { terminalQueues } from '../../app/sync/generation.js';
import { recordIncidents } from '../../app/sync/incidents.js';
import { checkInstall, forgetInstall } from './installs.js';
import type { Db } from '../../app/context.js';

function requireProtocol(version: number | undefined) {
  if (version !== undefined && !supportsProtocolVersion(version)) throw new OperationError(426, unsupportedProtocolMessage(version));
}

/**
 * A push or bootstrap from a till that synced under another generation: the service's database was put back to an
 * earlier state. Nothing is done; the answer says where the service stands in each of the terminal's queues, so the
 * till sends again what it lost (main/terminal/rewind.ts), then downloads its data again.
 */
async function refuseOtherGeneration(db: Db, businessId: string, terminalId: string, theirs: string | null | undefined, current: string): Promise<void> {
  if (!theirs || theirs === current) return;
  throw new OperationError(409, 'The service was restored from an earlier backup: send again what it no longer holds, then download this till’s data again', {
    code: 'SERVICE_REWOUND',
    generation: current,
    queues: await terminalQueues(db, businessId, terminalId),
  });
}

/** The calling terminal, which must be the one the body names: a terminal speaks only for itself. */
function terminalOf(principal: Principal | null, terminalId: string): Principal {
  if (!principal || principal.actor.kind !== 'terminal') throw unauthorized();
  if (principal.actor.id !== terminalId) throw forbidden('terminalId is not the terminal this credential was issued to');
  return principal;
}

const createCode: PlatformHandler = {
  operationId: 'SyncController_createEnrollmentCode',
  async run({ writes, config }, input, principal) {
    if (!principal) throw unauthorized();
    const body = parse(validate(CreateEnrollmentCodeDto, input.body));
    const { businessId, actor } = principal;
    const now = new Date();
    return writes.transaction(async (tx) => {
      const record = await createEnrollmentCode(tx, { businessId, actorId: actor.id, now, newId: uuidv7 }, body.workplaceId, syncKeys(config.jwtSecret).enrollmentCode);
      // Never the code itself.
      const details = { id: record.id, workplace_id: record.workplace_id, expires_at: record.expires_at };
      await audit(tx, { businessId, userId: actor.id, type: 'AUTH', action: 'CREATE_ENROLLMENT_CODE', details }, now.toISOString());
      return record;
    });
  },
};

/**
 * What the provisioning file sent with an enrollment binds its code to (docs/downloads.md): a file this service
 * signed, carrying this very code; enrollTerminal then refuses the code unless it is of the file's business and
 * workplace. A file whose time is over is an expired code (401, like any other); another key's or an altered one 400.
 */
async function provisionedForOf(config: Parameters<typeof readOwnProvisioning>[0], file: string, code: string, now: Date): Promise<ProvisionedFor> {
  const reading = await readOwnProvisioning(config, file, now);
  if ('problem' in reading) {
    if (reading.problem === 'expired') throw unauthorized('Invalid or expired enrollment code');
    throw badRequest('provisioning is not a provisioning file this service signed: download the till again from the console', { code: 'PROVISIONING_UNTRUSTED' });
  }
  const { payload } = reading;
  if (normalizeEnrollmentCode(payload.code) !== normalizeEnrollmentCode(code)) throw conflict(PROVISIONING_MISMATCH_MESSAGE, { code: 'PROVISIONING_MISMATCH' });
  return { businessId: payload.business?.id ?? null, workplaceId: payload.workplace.id };
}

const enroll: PlatformHandler = {
  operationId: 'SyncController_enroll',
  async run({ db, writes, config, tokens, principals, generation }, input) {
    const body = parse(validate(EnrollDto, input.body));
    requireProtocol(body.protocolVersion);
    const now = new Date();
    // Enrolling again: the old credential's signature proves which terminal of which business this till was
    // (revoked or not). One this service cannot verify (e.g. its secret changed) makes this a new terminal.
    const claims = body.previousAccessToken ? await tokens.verify(body.previousAccessToken, TERMINAL_AUDIENCE) : null;
    const previous = claims && claims.kind === 'terminal' && claims.businessId ? { businessId: claims.businessId, terminalId: claims.sub } : null;
    const provisionedFor = body.provisioning ? await provisionedForOf(config, body.provisioning, body.code, now) : null;
    const enrolled = await writes.transaction(async (tx) => {
      const terminal = await enrollTerminal(tx, { ...body, provisionedFor }, syncKeys(config.jwtSecret).enrollmentCode, now, uuidv7(), previous, body.installId ?? null);
      const scope = await resolveTerminalScope(tx, terminal.businessId, terminal.terminalId);
      if (!scope) throw new Error('an enrolled terminal has no scope');
      const warehouseIds = await scopeWarehouses(tx, scope);
      const details = {
        terminal_id: terminal.terminalId,
        workplace_id: terminal.workplaceId,
        enrollment_code_id: terminal.codeId,
        name: body.name ?? null,
        ...(terminal.reenrolled ? { reenrolled: true } : {}),
      };
      await audit(tx, { businessId: terminal.businessId, userId: terminal.enrolledBy, type: 'AUTH', action: 'ENROLL_TERMINAL', details }, now.toISOString());
      // The business's name, for the till's sign-in screen (it names the business and the till).
      const business = await tx.selectFrom('businesses').select('name').where('id', '=', terminal.businessId).executeTakeFirst();
      return { scope, warehouseIds, businessName: business?.name ?? '', terminalId: terminal.terminalId, codeId: terminal.codeId };
    });
    const { scope, warehouseIds, businessName, terminalId, codeId } = enrolled;
    // A re-activated terminal was cached as revoked: the new credential must work at once in this process.
    principals.forget(scope.businessId, terminalId);
    forgetInstall(db, scope.businessId, terminalId);
    const accessToken = await tokens.sign({ sub: terminalId, kind: 'terminal', role: 'TERMINAL', businessId: scope.businessId, workplaceId: scope.workplaceId, enrollmentCodeId: codeId });
    const answer: EnrollResponse = {
      terminalId,
      accessToken,
      businessId: scope.businessId,
      businessName,
      workplaceId: scope.workplaceId,
      pointId: scope.pointId,
      warehouseIds,
      allWarehouses: scope.warehouseId === null,
      protocolVersion: PROTOCOL_VERSION,
      minProtocolVersion: MIN_PROTOCOL_VERSION,
      generation: await generation.current(),
    };
    return answer;
  },
};

const list: PlatformHandler = {
  operationId: 'SyncController_listTerminals',
  async run({ db }, _input, principal) {
    if (!principal) throw unauthorized();
    return listTerminals(db, principal.businessId);
  },
};

const revoke: PlatformHandler = {
  operationId: 'SyncController_revokeTerminal',
  async run({ writes, principals }, input, principal) {
    if (!principal) throw unauthorized();
    const { businessId, actor } = principal;
    const now = new Date();
    const record = await writes.transaction(async (tx) => {
      const revoked = await revokeTerminal(tx, { businessId, actorId: actor.id, now }, input.params.id ?? '');
      await audit(tx, { businessId, userId: actor.id, type: 'AUTH', action: 'REVOKE_TERMINAL', details: { terminal_id: revoked.id } }, now.toISOString());
      return revoked;
    });
    // This process refuses the credential at once; other processes within their principal cache's seconds.
    principals.forget(businessId, record.id);
    return record;
  },
};

const pull: PlatformHandler = {
  operationId: 'SyncController_pull',
  async run({ db, writes, captureProgress, generation }, input, principal, log) {
    const body = parse(validate(PullDto, input.body));
    requireProtocol(body.protocolVersion);
    const terminal = terminalOf(principal, body.terminalId);
    const cache = changeCacheFor(db);
    const { businessId } = terminal;
    // What the till reports went wrong there, recorded once each, and whether this request comes from a copy of it.
    const receivedAt = new Date().toISOString();
    const incidents = body.incidents ?? [];
    if (incidents.length > 0) {
      const fresh = await writes.transaction((tx) => recordIncidents(tx, businessId, body.terminalId, incidents, receivedAt));
      for (const incident of fresh) log?.warn({ businessId, terminalId: body.terminalId, incident }, 'a till reported an incident');
    }
    const copy = await checkInstall({ db, writes }, { businessId, terminalId: body.terminalId, installId: body.installId }, log);
    const options = {
      cache,
      generation: await generation.current(),
      extraFields: { ...(incidents.length > 0 ? { incidentsRecorded: incidents.map((incident) => incident.id) } : {}), ...(copy ? { copy } : {}) },
    };
    let page: Buffer;
    try {
      // PostgreSQL: a page misses no write acknowledged before the pull began (server/capture/progress.ts). The
      // capture's position is taken before the pull reads, never after (app/sync/pull.ts, `capturedBeforeRead`).
      page = await readPull(db, businessId, body, { ...options, ...(captureProgress ? { capturedBeforeRead: captureProgress.position } : {}) });
    } catch (error) {
      if (!(error instanceof CaptureBehind) || !captureProgress) throw error;
      // A few milliseconds behind the commits; a capture that is down (between leaders) delays the pull by the bound,
      // then the page is what the log holds, consistent as always (I3, I4), and the till is poked when more arrives.
      const caughtUp = await captureProgress.waitFor(error.flushed, PULL_CATCH_UP_MS);
      if (!caughtUp) log?.warn({ behindBy: (error.flushed - captureProgress.position).toString() }, 'a pull waited for the change capture in vain');
      page = await readPull(db, businessId, body, options);
    }
    // After the page (a revoked terminal's pull fails before this): the till was seen, and says how it is.
    await notePullHealth(
      { db, writes },
      { businessId, terminalId: body.terminalId, protocolVersion: body.protocolVersion, health: body.health, generation: body.generation ?? null },
      log,
    );
    return new JsonText(page);
  },
};

const push: PlatformHandler = {
  operationId: 'SyncController_push',
  /** A revoked terminal's push is refused, but what it carries is kept for the back office, never applied. */
  async unauthenticated({ writes, principals }, rawBody, authorization, log) {
    const revoked = await principals.revokedTerminal(authorization);
    if (!revoked) return;
    const checked = readPushBatch(rawBody);
    if (!checked.ok || checked.value.terminalId !== revoked.terminalId) return;
    const body = checked.value;
    const kept = await writes.transaction((tx) => keepRefusedOperations(tx, revoked.businessId, revoked.terminalId, body, new Date().toISOString()));
    log?.warn({ businessId: revoked.businessId, terminalId: revoked.terminalId, operations: body.mutations.length, kept }, 'a revoked terminal pushed; its operations were kept, not applied');
    throw unauthorized('This terminal’s credential has been revoked: its operations were kept for the back office, not applied');
  },
  async run({ db, writes, pokes, captureProgress, generation }, input, principal, log) {
    // Only what places the batch refuses it; a malformed operation is rejected alone (app/sync/push-batch.ts).
    const body = parse(readPushBatch(input.body));
    requireProtocol(body.protocolVersion);
    const terminal = terminalOf(principal, body.terminalId);
    const current = await generation.current();
    await refuseOtherGeneration(db, terminal.businessId, body.terminalId, body.generation, current);
    const copy = await checkInstall({ db, writes }, { businessId: terminal.businessId, terminalId: body.terminalId, installId: body.installId }, log);
    // SQLite: the scopes the push logged, announced once it committed (a failed attempt's are announced too: a
    // needless poke costs a till one empty pull).
    const logged = new Map<string, Set<string>>();
    const noteLogged = (businessId: string, scopes: ReadonlySet<string>) => {
      const set = logged.get(businessId) ?? new Set<string>();
      // A push’s marker entry has no scope (./push.ts): nothing to poke for.
      for (const scope of scopes) if (scope) set.add(scope);
      if (set.size > 0) logged.set(businessId, set);
    };
    const applied = await pushWithIsolationRetry((isolated) =>
      writes.transaction(
        async (tx) => {
          // Scope from the credential's terminal row, read inside the batch's transaction.
          const opening = await openPush(tx, terminal.businessId, body.terminalId, body);
          if (!opening) throw unauthorized();
          return applyPush(tx, opening, body, {
            protocolVersion: PROTOCOL_VERSION,
            isolated,
            onLogged: noteLogged,
            onFault: (error, mutation) => log?.error({ err: error, seq: mutation.seq, operation: mutation.name }, 'a pushed operation failed and was rejected'),
          });
        },
        // applyPush takes the version itself (SQLite), or leaves it to COMMIT (PostgreSQL).
        { stampsItself: true },
      ),
    );
    // Committed. On SQLite the push stamps its own version, so the transactor's announcement cannot see what it logged
    // (server/sync/pokes-transactor.ts): it announces the scopes its stamp logged, so a sale pokes the tills of its
    // point and warehouse, not the whole business. On PostgreSQL the change capture consumer announces it once it is
    // in the log (server/capture/consumer.ts).
    if (!onPostgres(db)) for (const [businessId, scopes] of logged) pokes.announceChanges(businessId, scopes);
    const answer = await finishPush(db, terminal.businessId, applied, undefined, captureProgress ? (lsn, timeoutMs) => captureProgress.waitFor(lsn, timeoutMs) : undefined);
    return { ...answer, generation: current, ...(copy ? { copy } : {}) };
  },
};

const refused: PlatformHandler = {
  operationId: 'SyncController_listRefusedOperations',
  async run({ db }, _input, principal) {
    if (!principal) throw unauthorized();
    return listRefusedOperations(db, principal.businessId);
  },
};

const bootstrap: PlatformHandler = {
  operationId: 'SyncController_bootstrap',
  async run({ db, config, generation }, input, principal) {
    const body = parse(validate(BootstrapDto, input.body));
    requireProtocol(body.protocolVersion);
    const terminal = terminalOf(principal, body.terminalId);
    const current = await generation.current();
    await refuseOtherGeneration(db, terminal.businessId, body.terminalId, body.generation, current);
    return new JsonText(await readBootstrapPage(db, terminal.businessId, body, syncKeys(config.jwtSecret).pageToken, current));
  },
};

export const syncHandlers: readonly PlatformHandler[] = [createCode, enroll, list, revoke, refused, pull, push, bootstrap];
