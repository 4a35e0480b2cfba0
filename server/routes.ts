/**
 * Registers one route per catalogue entry under /api/v1. The order of checks is fixed for every operation:
 * authentication (401), role from the catalogue (403), input validation (400), then the operation — a domain
 * operation through the one pipeline (app/pipeline.ts: prepare, then perform in one transaction), a platform
 * handler, or a streaming handler whose answer is sent in chunks as it is produced. An entry nobody implements yet
 * answers 501. What is the route's own: the token, the throttle, the HTTP status, and forgetting a principal the
 * operation ended.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { catalogue } from '../shared/catalogue/index.js';
import { successStatus, type OperationSpec } from '../shared/catalogue/operation.js';
import { forbidden, notFound, notImplemented, OperationError, unauthorized } from '../shared/errors.js';
import type { OperationContext } from '../app/context.js';
import type { OperationInput } from '../app/operation.js';
import { checkInput, contextOf, invalidInput, perform, prepare, resolve, unknowableId, type Caller, type WireInput } from '../app/pipeline.js';
import type { OperationId } from '../shared/catalogue/index.js';
import type { Principal } from './auth/principal.js';
import type { PlatformHandler, PlatformServices } from './platform/platform-handler.js';
import { createThrottle } from './rate-limit.js';
import { serverHandlers } from './handlers.js';
import { JsonText } from './sync/json-text.js';

export const API_PREFIX = '/api/v1';

/** `/receipt/{id}` → `/receipt/:id` */
export const fastifyPath = (path: string) => API_PREFIX + (path === '/' ? '' : path.replace(/\{(\w+)\}/g, ':$1'));

/** An answer sent as a stream of text pieces, chunk by chunk as they are produced (e.g. an AI answer). */
export interface StreamedReply {
  readonly status: 200 | 201;
  readonly contentType: string;
  readonly chunks: AsyncIterable<string>;
}

/**
 * An operation whose answer streams. Its input is checked exactly like a domain operation's (401, 403, 400).
 * Whatever `open` throws — before the first byte — gets the usual status and error body; once the stream has
 * started the status is sent and only the text can still say something went wrong. `signal` aborts when the
 * client disconnects, so the work behind the stream (an upstream request) stops with it.
 */
export interface StreamingHandler {
  readonly operationId: string;
  open(services: PlatformServices, input: OperationInput<OperationId>, ctx: OperationContext, signal: AbortSignal): Promise<StreamedReply>;
}

function sendStreamed(reply: FastifyReply, streamed: StreamedReply) {
  // No content length: Node sends the body chunked, each piece as soon as it is written.
  return reply
    .code(streamed.status)
    .header('content-type', streamed.contentType)
    .header('cache-control', 'no-store')
    .send(Readable.from(streamed.chunks, { objectMode: false }));
}

/** Aborts when the client goes away before the answer is complete. */
function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Makes the request's logger name the tenant and the actor. Built when first used: most requests log nothing, and
 * building a child logger (its bindings serialised, redaction set up) cost a few per cent of every request's CPU.
 */
function nameInLogs(request: FastifyRequest, bindings: { businessId: string; actorId: string }): void {
  const parent = request.log;
  let child: FastifyRequest['log'] | undefined;
  Object.defineProperty(request, 'log', {
    configurable: true,
    get: () => (child ??= parent.child(bindings)),
    set: (replacement: FastifyRequest['log']) => {
      child = replacement;
    },
  });
}

/** A streamed operation's input: validated exactly as a domain operation's (it has no handler to prepare). */
function streamedInput(spec: OperationSpec, wire: WireInput): OperationInput<OperationId> {
  const checked = checkInput(spec, wire);
  if (!checked.ok) throw invalidInput(checked.problems);
  return checked.input;
}

export function registerCatalogueRoutes(
  app: FastifyInstance,
  services: PlatformServices,
  platformHandlers: readonly PlatformHandler[],
  streamingHandlers: readonly StreamingHandler[] = [],
) {
  const platform = new Map(platformHandlers.map((definition) => [definition.operationId, definition]));
  const streams = new Map(streamingHandlers.map((definition) => [definition.operationId, definition]));
  const throttle = createThrottle(services.config.rateLimits, services);

  async function authenticate(spec: OperationSpec, request: FastifyRequest): Promise<Principal | null> {
    if (spec.access === 'public') return null;
    // Platform-administrator operations take only admin-audience tokens, the sync operations only terminals'
    // device credentials, and every other operation only tenant ones.
    const principal = spec.access.includes('SUPERADMIN')
      ? await services.principals.resolveAdmin(request.headers.authorization)
      : spec.access.includes('TERMINAL')
        ? await services.principals.resolveTerminal(request.headers.authorization)
        : await services.principals.resolve(request.headers.authorization);
    if (!principal) {
      await platform.get(spec.operationId)?.unauthenticated?.(services, request.body, request.headers.authorization, request.log);
      if (spec.access.includes('TERMINAL') && (await services.principals.unknownTerminal(request.headers.authorization))) throw unknownTill();
      throw unauthorized();
    }
    // Every later log line of this request names the tenant and the actor (never their token).
    nameInLogs(request, { businessId: principal.businessId, actorId: principal.actor.id });
    if (!spec.access.includes(principal.actor.role)) throw forbidden();
    return principal;
  }

  /** A till the service signed a credential for and has no record of: it was restored from an older backup. */
  const unknownTill = () =>
    new OperationError(
      401,
      'This till is not known to the service: it was restored from a backup taken before this till was connected. Connect it again with a new code: what it holds is kept and sent once.',
      { code: 'TERMINAL_UNKNOWN' },
    );

  async function forgetTerminalsOf(businessId: string, workplaceId: string): Promise<void> {
    const revoked = await services.db.selectFrom('terminals').select('id').where('business_id', '=', businessId).where('workplace_id', '=', workplaceId).execute();
    for (const terminal of revoked) services.principals.forget(businessId, terminal.id);
  }

  const handlers = serverHandlers();
  for (const spec of catalogue as readonly OperationSpec[]) {
    // Resolved once, when the route is registered: the service runs the shared handlers and its own.
    const domain = resolve(spec.operationId, handlers);
    const platformHandler = platform.get(spec.operationId);
    const streaming = streams.get(spec.operationId);
    app.route({
      method: spec.method,
      url: fastifyPath(spec.path),
      handler: async (request, reply) => {
        // Before anything costly (token checks, password hashing): a flood is refused cheaply.
        if (spec.throttle) await throttle.check(spec.operationId, spec.throttle, request.ip, request.body);
        const principal = await authenticate(spec, request);
        if (!domain && !platformHandler && !streaming) throw notImplemented(spec.operationId);
        const params = (request.params ?? {}) as Record<string, string>;
        // No record has such an id, and PostgreSQL cannot even compare text holding a NUL: answer as unknown.
        if (Object.values(params).some(unknowableId)) throw notFound('Not found');
        if (platformHandler) {
          const result = await platformHandler.run(services, { body: request.body, query: request.query, params }, principal, request.log);
          // Already JSON (sync pages splice stored rows in): sent as it is.
          if (result instanceof JsonText) return reply.code(successStatus(spec)).type('application/json; charset=utf-8').send(result.text);
          return reply.code(successStatus(spec)).send(result);
        }
        if (!principal || !(domain || streaming)) throw unauthorized();
        const wire: WireInput = { body: request.body ?? {}, query: request.query ?? {}, params };
        const who = { businessId: principal.businessId, actor: principal.actor };
        const caller: Caller = { who, now: new Date().toISOString(), side: 'server', ids: 'fresh' };
        if (streaming) return sendStreamed(reply, await streaming.open(services, streamedInput(spec, wire), contextOf(caller, who), disconnectSignal(reply)));
        if (!domain) throw notImplemented(spec.operationId);
        const result = await perform(services, await prepare(domain, wire, caller));
        // A deleted employee's token stops working at once in this process (others within their cache's 5 s).
        if (spec.principals === 'ends' && params.id) services.principals.forget(principal.businessId, params.id);
        // A deleted workplace's terminals were revoked with it: their credentials stop working at once here too.
        if (spec.operationId === 'BusinessController_removeWorkplace' && params.id) await forgetTerminalsOf(principal.businessId, params.id);
        return reply.code(successStatus(spec)).send(result);
      },
    });
  }
}
