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
 */
import type { FastifyInstance } from 'fastify';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
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

  /** Delivers a stored message to the session's room, to sockets whose principal is still valid. */
  async function deliver(businessId: string, sessionId: string, message: unknown): Promise<void> {
    const members = await chat.in(room(businessId, sessionId)).fetchSockets();
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
    chat.disconnectSockets(true);
    io.engine.close();
  });
  return io;
}
