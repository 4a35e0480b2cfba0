/**
 * A real central service on a fresh database, driven through Fastify's inject (the full HTTP pipeline —
 * routing, parsing, auth, validation, error bodies — without sockets).
 */
import type { Engine } from '../../db/connect.js';
import { buildServer, type BuiltServer } from '../../server/app.js';
import type { Config } from '../../server/config.js';
import { freshDatabase, type TestDatabase } from './databases.js';

export const TEST_CONFIG: Config = {
  host: '127.0.0.1',
  port: 0,
  databaseUrl: ':memory:',
  dataDir: '/tmp/kassa-test',
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
  production: false,
  bodyLimit: 256 * 1024,
  logLevel: 'silent',
  tokenTtlSeconds: 3600,
  // Tests register a tenant each from one address; the limits get their own tests (rate-limits.test.ts).
  rateLimits: { loginPerMinute: 1_000_000, registrationsPerHour: 1_000_000 },
  trustProxy: false,
  // Explicit, as in production (these are the defaults); query tests pass their own limits.
  reporting: { timeoutMs: 5_000, maxRows: 10_000, concurrency: 2 },
};

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

export interface TestServer extends BuiltServer {
  readonly engine: Engine;
  readonly database: TestDatabase;
  /** Sends a request; `body` may be an object (sent as JSON) or a raw string. */
  request<T = any>(method: string, url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

export async function startTestServer(
  engine: Engine,
  config: Partial<Config> = {},
  options: { sqliteFile?: boolean; logStream?: { write(line: string): void } } = {},
): Promise<TestServer> {
  // The service runs its own change capture consumer on PostgreSQL (server/app.ts), which also pokes its tills.
  const database = await freshDatabase(engine, { ...options, capture: false });
  const built = await buildServer({ ...TEST_CONFIG, ...config }, database, options.logStream ? { logStream: options.logStream } : {});
  return testServerOver(built, engine, database);
}

/** A built service driven through inject; `close` closes the app, then disposes of `database`. */
export function testServerOver(built: BuiltServer, engine: Engine, database: TestDatabase): TestServer {
  return {
    ...built,
    engine,
    database,
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let payload: string | undefined;
      if (options.body !== undefined) {
        payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await built.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload }) });
      const text = response.body;
      let body: unknown = text;
      if ((response.headers['content-type'] ?? '').toString().includes('json') && text) body = JSON.parse(text);
      return { status: response.statusCode, body: body as never, headers: response.headers };
    },
    async close() {
      await built.app.close();
      await database.dispose();
    },
  };
}

export interface Tenant {
  token: string;
  businessId: string;
  userId: string;
  login: string;
}

let tenantCounter = 0;

/** Registers a new business and logs its owner in. */
export async function registerTenant(server: TestServer, name = 'shop'): Promise<Tenant> {
  tenantCounter += 1;
  const login = `${name}-${process.pid}-${tenantCounter}-${Math.random().toString(36).slice(2, 8)}`;
  const password = 'correct horse battery';
  const registered = await server.request('POST', '/api/v1/auth/register', {
    body: { login, password, businessName: `${name} business`, name: `${name} owner` },
  });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const loggedIn = await server.request('POST', '/api/v1/auth/login', { body: { login, password } });
  if (loggedIn.status !== 201) throw new Error(`login failed: ${JSON.stringify(loggedIn.body)}`);
  return { token: loggedIn.body.access_token, businessId: registered.body.businessId, userId: registered.body.userId, login };
}
