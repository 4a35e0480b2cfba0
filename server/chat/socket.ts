/**
 * The staff chat's real-time channel, compatible with the reference's gateway: Socket.IO at path `/socket.io`
 * (outside `/api/v1`), namespace `/chat`, WebSocket transport only; client events `joinSession {sessionId}` and
 * `sendMessage {sessionId, message}`, server event `newMessage` with the stored message.
 *
 * Unlike the reference (S11), who may do what is checked every time, not only at connect:
 * - connecting needs the same token as REST (`auth.token`, or an `Authorization: Bearer` header);
 * - every event re-resolves the token's principal (a deleted user or employee, or an expired token, loses the
 *   socket within the principal cache's few seconds) and checks membership of the session in the principal's
 *   business; rooms are keyed by business and session, so sessions of different businesses never share one;
 * - every `newMessage` delivery re-checks the receiving socket's principal too, so a deleted colleague who
 *   stays connected stops receiving;
 * - failures are answered, not swallowed: an `exception` event `{status:'error', event, statusCode, message}`
 *   (the name NestJS gateways use), and the event's acknowledgement `{ok:false, statusCode, message}` when the
 *   client asked for one. Successes acknowledge `{ok:true, data}`.
 * Messages are stored in one transaction with their audit entry before anyone is told about them.
 *
 * Several instances (issue 19): on PostgreSQL the gateway uses `@socket.io/postgres-adapter` (LISTEN/NOTIFY on its
 * own small pool), and a stored message is handed to every instance as a server-side event; each instance delivers
 * it to ITS sockets in the room, re-checking each one's principal as above. A server-side event needs no knowledge
 * of how many instances there are (the adapter learns that from heartbeats, seconds after a start), so an instance
 * that just started neither misses nor waits for anyone. SQLite runs one instance: the in-memory adapter.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createAdapter } from '@socket.io/postgres-adapter';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import { postgresUrlOf } from '../../db/connect.js';
import type { z } from 'zod';
import { JoinNaturalChatDto, SendNaturalChatMessageDto } from '../../shared/catalogue/natural-chat.js';
import { OperationError, badRequest, unauthorized } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import { validate } from '../../shared/validation.js';
import type { OperationContext } from '../../app/context.js';
import { postMessage } from './messages.js';
import { loadMemberSession } from './sessions.js';
import type { Principal } from '../auth/principal.js';
import type { PlatformServices } from '../platform/platform-handler.js';

export const CHAT_NAMESPACE = '/chat';
/** Server → client: a failure of a client event. */
export const EXCEPTION_EVENT = 'exception';
/** Instance → instances: a stored message to deliver to their own sockets in its room. */
const DELIVER_EVENT = 'kassa:deliver';

interface SocketData {
  /** The credential the socket connected with, re-checked on every event. */
  authorization: string;
}

type ChatSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
type Acknowledge = (answer: unknown) => void;

/** The socket's token as an Authorization header value: `auth.token` first (as the reference), then the header. */
function authorizationOf(socket: ChatSocket): string | undefined {
  const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
  if (typeof token === 'string' && token !== '') return token.startsWith('Bearer ') ? token : `Bearer ${token}`;
  const header = socket.handshake.headers.authorization;
  return typeof header === 'string' ? header : undefined;
}

const room = (businessId: string, sessionId: string) => `${businessId}:session:${sessionId}`;

function contextOf(principal: Principal): OperationContext {
  return { businessId: principal.businessId, actor: principal.actor, now: new Date().toISOString(), side: 'server', newId: () => uuidv7() };
}

function failureOf(error: unknown): { statusCode: number; message: string | string[] } {
  if (error instanceof OperationError) return { statusCode: error.statusCode, message: error.reason };
  return { statusCode: 500, message: 'Internal server error' };
}

/** Attaches the chat gateway to the service's HTTP server; it closes its sockets when the service closes. */
export function attachChatGateway(app: FastifyInstance, services: PlatformServices): Server {
  const io = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    // A chat message is at most a few kilobytes; nothing bigger needs to reach the parser.
    maxHttpBufferSize: 64 * 1024,
  });
  const shared = shareAcrossInstances(app, io, services);
  const chat = io.of(CHAT_NAMESPACE);

  chat.use((socket: ChatSocket, next) => {
    const authorization = authorizationOf(socket);
    services.principals
      .resolve(authorization)
      .then((principal) => {
        if (!principal || !authorization) return next(new Error('Unauthorized'));
        socket.data.authorization = authorization;
        next();
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'chat connect failed');
        next(new Error('Internal server error'));
      });
  });

  /** Delivers a stored message to this instance's sockets in the session's room whose principal is still valid. */
  async function deliverHere(businessId: string, sessionId: string, message: unknown): Promise<void> {
    const members = await chat.local.in(room(businessId, sessionId)).fetchSockets();
    await Promise.all(
      members.map(async (member) => {
        const principal = await services.principals.resolve((member.data as SocketData).authorization);
        if (principal) {
          member.emit('newMessage', message);
        } else {
          member.emit(EXCEPTION_EVENT, { status: 'error', event: 'newMessage', statusCode: 401, message: 'Unauthorized' });
          member.disconnect(true);
        }
      }),
    );
  }

  /** Registers a client event: principal re-checked, payload validated, then `run`; every outcome answered. */
  function on<S extends z.ZodType>(
    socket: ChatSocket,
    event: string,
    schema: S,
    run: (ctx: OperationContext, payload: z.output<S>) => Promise<unknown>,
  ) {
    socket.on(event, async (...args: unknown[]) => {
      const acknowledge = typeof args[args.length - 1] === 'function' ? (args.pop() as Acknowledge) : undefined;
      try {
        const principal = await services.principals.resolve(socket.data.authorization);
        if (!principal) throw unauthorized();
        const parsed = validate(schema, args[0]);
        if (!parsed.ok) throw badRequest(parsed.problems);
        const data = await run(contextOf(principal), parsed.value);
        acknowledge?.({ ok: true, data });
      } catch (error) {
        const { statusCode, message } = failureOf(error);
        if (statusCode >= 500) app.log.error({ err: error, event }, 'chat event failed');
        socket.emit(EXCEPTION_EVENT, { status: 'error', event, statusCode, message });
        acknowledge?.({ ok: false, statusCode, message });
        // A principal that no longer exists (deleted, token expired) keeps no connection.
        if (statusCode === 401) socket.disconnect(true);
      }
    });
  }

  /** Delivers here, and has every other instance deliver to its own sockets (no-op on one instance). */
  async function deliver(businessId: string, sessionId: string, message: unknown): Promise<void> {
    if (shared) chat.serverSideEmit(DELIVER_EVENT, businessId, sessionId, message);
    await deliverHere(businessId, sessionId, message);
  }
  if (shared) {
    chat.on(DELIVER_EVENT, (businessId: unknown, sessionId: unknown, message: unknown) => {
      if (typeof businessId !== 'string' || typeof sessionId !== 'string') return;
      deliverHere(businessId, sessionId, message).catch((error: unknown) => app.log.error({ err: error }, 'chat delivery from another instance failed'));
    });
  }

  chat.on('connection', (socket: ChatSocket) => {
    on(socket, 'joinSession', JoinNaturalChatDto, async (ctx, { sessionId }) => {
      await loadMemberSession(services.db, ctx, sessionId);
      await socket.join(room(ctx.businessId, sessionId));
      return { sessionId };
    });
    on(socket, 'sendMessage', SendNaturalChatMessageDto, async (ctx, payload) => {
      const message = await postMessage(services, ctx, payload);
      await deliver(ctx.businessId, payload.sessionId, message);
      return message;
    });
  });

  // Before the HTTP server stops accepting: open sockets would otherwise keep it (and shutdown) waiting.
  app.addHook('preClose', async () => {
    // Only this instance's sockets: on the shared adapter a plain disconnectSockets would end every instance's.
    chat.local.disconnectSockets(true);
    io.engine.close();
  });
  return io;
}

/**
 * On PostgreSQL, puts the gateway's namespaces on the PostgreSQL adapter, over a pool of its own (one connection
 * held for LISTEN, one or two for NOTIFY) that is closed with the service; answers whether it did.
 */
function shareAcrossInstances(app: FastifyInstance, io: Server, services: PlatformServices): boolean {
  const url = postgresUrlOf(services.db);
  if (!url) return false;
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  // A dropped connection must not crash the service; the adapter reconnects its LISTEN client itself.
  pool.on('error', (error) => app.log.warn({ err: error }, 'chat adapter connection lost'));
  // A client the adapter holds (its LISTEN client) is not the pool's to report: its own error, e.g. the database
  // ending the connection after the service closed, must be logged, never thrown as an uncaught exception.
  pool.on('connect', (client) => client.on('error', (error) => app.log.warn({ err: error }, 'chat adapter connection lost')));
  io.adapter(createAdapter(pool, { errorHandler: (error) => app.log.warn({ err: error }, 'chat adapter failed') }));
  app.addHook('onClose', async () => {
    // Closing a namespace's adapter stops its heartbeats and releases the LISTEN client; then the pool can end.
    for (const namespace of io._nsps.values()) await namespace.adapter.close();
    // pool.end() waits for every checked-out client, and a service closed right after it started was seen with all
    // three still out (the adapter's LISTEN client among them) and its close waiting forever. Bounded: the process
    // is closing anyway, and PostgreSQL drops a closed process's connections.
    await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  });
  return true;
}
