/**
 * Helpers for the chat tests: a test server listening on a real port (Socket.IO and streamed answers need
 * real sockets, not inject), Socket.IO clients of the `/chat` namespace, and event waiting with timeouts.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { POSTGRES_ADMIN_URL } from './databases.js';
import { COMPACTION_CONNECTION } from '../../server/app.js';
import type { TestServer } from './server.js';

/** Starts listening on an ephemeral port of 127.0.0.1 and answers the base URL. */
export async function listen(server: TestServer): Promise<string> {
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export interface SocketOptions {
  /** Sent as `auth.token` (the reference's way); `header` sends it as `Authorization: Bearer` instead. */
  readonly token?: string;
  readonly via?: 'auth' | 'header';
}

function client(baseUrl: string, options: SocketOptions): Socket {
  const token = options.token;
  return io(`${baseUrl}/chat`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    ...(token && options.via !== 'header' ? { auth: { token } } : {}),
    ...(token && options.via === 'header' ? { extraHeaders: { authorization: `Bearer ${token}` } } : {}),
  });
}

/** A connected client of the `/chat` namespace; rejects with the server's reason when the connection is refused. */
export async function connectChat(baseUrl: string, options: SocketOptions = {}): Promise<Socket> {
  const socket = client(baseUrl, options);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error: Error) => reject(error));
    });
  } catch (error) {
    socket.close();
    throw error;
  }
  return socket;
}

/** The connection error a refused client gets (its message), or null if it connected. */
export async function refusal(baseUrl: string, options: SocketOptions = {}): Promise<string | null> {
  try {
    const socket = await connectChat(baseUrl, options);
    socket.close();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

export interface Ack {
  ok: boolean;
  data?: any;
  statusCode?: number;
  message?: string | string[];
}

/** Emits an event and resolves with the server's acknowledgement. */
export function request(socket: Socket, event: string, payload: unknown): Promise<Ack> {
  return socket.timeout(5000).emitWithAck(event, payload) as Promise<Ack>;
}

/** Resolves with the next `event` the socket receives, or rejects after `ms`. */
export function nextEvent<T = any>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const listener = (value: T) => {
      clearTimeout(timer);
      resolve(value);
    };
    socket.once(event, listener);
  });
}

/** Collects every `event` the socket receives from now on. */
export function recordEvents<T = any>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (value: T) => seen.push(value));
  return seen;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The most connections a test service keeps to its database, however many calls it answers: the request pool (10,
 * db/connect.ts), the pokes' LISTEN connection (1, server/sync/pokes-listener.ts), the chat adapter's pool (at most
 * 3), and the change capture's lock, log-writing and replication connections (3, server/capture/consumer.ts). The
 * compaction's own connection is not counted (postgresConnections leaves it out). A quiet service sits near 10, so a
 * bound of the pool alone fails whenever the pool has opened a few of its ten; the reference leaked one per call,
 * far past this bound.
 */
export const SERVICE_CONNECTIONS_BOUND = 10 + 1 + 3 + 3;

/** The number of PostgreSQL connections open to the server's database, counted from outside its pool. */
export async function postgresConnections(server: TestServer): Promise<number> {
  const database = (await sql<{ name: string }>`select current_database() as name`.execute(server.database.db)).rows[0]?.name;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    // The change log's compaction has a connection of its own beside the pool (server/app.ts): not the pool's.
    const { rows } = await admin.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = $1 and application_name is distinct from $2',
      [database, COMPACTION_CONNECTION],
    );
    return Number(rows[0]?.n);
  } finally {
    await admin.end();
  }
}
