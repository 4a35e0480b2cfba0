/**
 * Configuration from the environment. Secrets never have defaults in production: the service refuses to
 * start without them rather than run with a guessable one (the reference's 'defaultSecret', S8).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rate-limit.js';
import { DEFAULT_REPORTING_SETTINGS, type ReportingSettings } from './query/reporting.js';
import { DEFAULT_SHUTDOWN, type ShutdownSettings } from './shutdown.js';
import { DEFAULT_LOG_RETENTION, type LogRetentionSettings } from '../app/sync/compaction.js';

export interface Config {
  readonly host: string;
  readonly port: number;
  readonly databaseUrl: string;
  readonly dataDir: string;
  readonly jwtSecret: string;
  readonly production: boolean;
  /** Largest accepted request body, in bytes. */
  readonly bodyLimit: number;
  readonly logLevel: string;
  /** Access token lifetime in seconds. */
  readonly tokenTtlSeconds: number;
  /** The platform administrator's credentials; when either is absent, admin login always answers 401. */
  readonly adminLogin?: string;
  readonly adminPassword?: string;
  /** Limits on login-like operations and registration (429 with retry-after beyond them). */
  readonly rateLimits: RateLimits;
  /** Behind a reverse proxy, take the client address from X-Forwarded-For (TRUST_PROXY=true). */
  readonly trustProxy: boolean;
  /**
   * Limits on reporting queries (POST /get, the AI chat's SQL): QUERY_TIMEOUT_MS (default 5,000), QUERY_MAX_ROWS
   * (10,000) and QUERY_CONCURRENCY (2 running at once per database).
   */
  readonly reporting: ReportingSettings;
  /** The AI chat's model provider; absent, the AI chat's sendMessage answers 503. */
  readonly ai?: AiProviderConfig;
  /**
   * The per-workplace download (docs/downloads.md): RELEASES_DIR holds electron-builder's output (installers and
   * latest*.yml), served at /releases/ and by /downloads; PUBLIC_URL is the address tills are told to enroll with
   * (required in production to sign provisioning files; in development the listen address when absent — never a
   * request's Host header); PROVISIONING_KEY_SEED (32 bytes, base64url) is the Ed25519 key that
   * signs provisioning files (derived from JWT_SECRET when absent).
   */
  readonly releasesDir?: string;
  readonly publicUrl?: string;
  readonly provisioningKeySeed?: string;
  /** Graceful shutdown (server/shutdown.ts): SHUTDOWN_DRAIN_DELAY_MS and SHUTDOWN_TIMEOUT_MS; defaults when absent. */
  readonly shutdown?: ShutdownSettings;
  /**
   * Change-log compaction (docs/sync.md, "Compaction and the retention floor"): SYNC_LOG_COMPACT_AFTER (7d),
   * SYNC_LOG_KEEP_TOMBSTONES (30d, the retention floor), SYNC_LOG_COMPACT_EVERY (10m; 0 turns it off),
   * SYNC_LOG_COMPACT_BATCH (200 versions a transaction). Defaults when absent.
   */
  readonly logRetention?: LogRetentionSettings;
}

/** An OpenAI-compatible chat completions endpoint: AI_BASE_URL (e.g. https://host/v1), AI_MODEL, AI_API_KEY. */
export interface AiProviderConfig {
  readonly baseUrl: string;
  readonly model: string;
  /** Sent as a bearer token when set; never logged or returned. Local providers may need none. */
  readonly apiKey?: string;
  /** Longest wait for one completion, in milliseconds (AI_TIMEOUT_MS, default 120 s). */
  readonly timeoutMs: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  const bodyLimit = Number(env.BODY_LIMIT_BYTES ?? 1024 * 1024);
  if (!Number.isInteger(bodyLimit) || bodyLimit < 1024) throw new ConfigError('BODY_LIMIT_BYTES must be an integer of at least 1024');
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? join(dataDir, 'kassa.sqlite'),
    jwtSecret: jwtSecret(env, production, dataDir),
    production,
    bodyLimit,
    logLevel: env.LOG_LEVEL ?? 'info',
    tokenTtlSeconds: 12 * 60 * 60,
    rateLimits: {
      loginPerMinute: positiveInteger(env, 'RATE_LIMIT_LOGIN_PER_MINUTE', DEFAULT_RATE_LIMITS.loginPerMinute),
      registrationsPerHour: positiveInteger(env, 'RATE_LIMIT_REGISTRATIONS_PER_HOUR', DEFAULT_RATE_LIMITS.registrationsPerHour),
    },
    trustProxy: env.TRUST_PROXY === 'true',
    reporting: {
      timeoutMs: positiveInteger(env, 'QUERY_TIMEOUT_MS', DEFAULT_REPORTING_SETTINGS.timeoutMs),
      maxRows: positiveInteger(env, 'QUERY_MAX_ROWS', DEFAULT_REPORTING_SETTINGS.maxRows),
      concurrency: positiveInteger(env, 'QUERY_CONCURRENCY', DEFAULT_REPORTING_SETTINGS.concurrency),
    },
    shutdown: {
      drainDelayMs: nonNegativeInteger(env, 'SHUTDOWN_DRAIN_DELAY_MS', DEFAULT_SHUTDOWN.drainDelayMs),
      timeoutMs: positiveInteger(env, 'SHUTDOWN_TIMEOUT_MS', DEFAULT_SHUTDOWN.timeoutMs),
    },
    logRetention: logRetention(env),
    ...adminCredentials(env, production),
    ...aiProvider(env),
    ...downloads(env),
  };
}

/** The AI provider is configured by AI_BASE_URL and AI_MODEL together (AI_API_KEY when the provider needs one). */
function aiProvider(env: Env): { ai?: AiProviderConfig } {
  const baseUrl = env.AI_BASE_URL || undefined;
  const model = env.AI_MODEL || undefined;
  if (!baseUrl && !model) return {};
  if (!baseUrl || !model) throw new ConfigError('AI_BASE_URL and AI_MODEL must be set together');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConfigError('AI_BASE_URL must be an http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError('AI_BASE_URL must be an http(s) URL');
  const timeoutMs = positiveInteger(env, 'AI_TIMEOUT_MS', 120_000);
  return { ai: { baseUrl, model, timeoutMs, ...(env.AI_API_KEY ? { apiKey: env.AI_API_KEY } : {}) } };
}

/**
 * The origin a service listening on `host`:`port` is reached at from this machine: every interface (0.0.0.0, ::)
 * through loopback. The development stand-in for PUBLIC_URL (docs/downloads.md), and `npm start`'s own.
 */
export function listenOrigin(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** RELEASES_DIR, PUBLIC_URL and PROVISIONING_KEY_SEED (docs/downloads.md), each checked at start. */
function downloads(env: Env): { releasesDir?: string; publicUrl?: string; provisioningKeySeed?: string } {
  const result: { releasesDir?: string; publicUrl?: string; provisioningKeySeed?: string } = {};
  if (env.RELEASES_DIR) result.releasesDir = resolve(env.RELEASES_DIR);
  if (env.PUBLIC_URL) {
    let url: URL;
    try {
      url = new URL(env.PUBLIC_URL);
    } catch {
      throw new ConfigError('PUBLIC_URL must be an http(s) URL, e.g. https://kassa.example.com');
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.username) {
      throw new ConfigError('PUBLIC_URL must be the bare origin tills reach the service at, e.g. https://kassa.example.com');
    }
    result.publicUrl = url.origin;
  }
  if (env.PROVISIONING_KEY_SEED) {
    if (Buffer.from(env.PROVISIONING_KEY_SEED, 'base64url').length !== 32) throw new ConfigError('PROVISIONING_KEY_SEED must be 32 random bytes in base64url');
    result.provisioningKeySeed = env.PROVISIONING_KEY_SEED;
  }
  return result;
}

/** Durations as a number and a unit: 500ms, 90s, 10m, 12h, 7d. */
function duration(env: Env, name: string, fallback: number, allowZero = false): number {
  const given = env[name];
  if (given === undefined || given === '') return fallback;
  if (allowZero && given.trim() === '0') return 0;
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(given.trim());
  const value = match ? Number(match[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 'ms' | 's' | 'm' | 'h' | 'd'] : NaN;
  if (!Number.isSafeInteger(value) || (value === 0 && !allowZero)) throw new ConfigError(`${name} must be a duration such as 30s, 10m, 12h or 7d, got "${given}"`);
  return value;
}

function logRetention(env: Env): LogRetentionSettings {
  const settings: LogRetentionSettings = {
    compactAfterMs: duration(env, 'SYNC_LOG_COMPACT_AFTER', DEFAULT_LOG_RETENTION.compactAfterMs),
    keepTombstonesMs: duration(env, 'SYNC_LOG_KEEP_TOMBSTONES', DEFAULT_LOG_RETENTION.keepTombstonesMs),
    everyMs: duration(env, 'SYNC_LOG_COMPACT_EVERY', DEFAULT_LOG_RETENTION.everyMs, true),
    batchVersions: positiveInteger(env, 'SYNC_LOG_COMPACT_BATCH', DEFAULT_LOG_RETENTION.batchVersions),
  };
  // The floor drops whole versions: below the horizon it would drop images compaction must keep.
  if (settings.keepTombstonesMs < settings.compactAfterMs) throw new ConfigError('SYNC_LOG_KEEP_TOMBSTONES must be at least SYNC_LOG_COMPACT_AFTER');
  return settings;
}

function positiveInteger(env: Env, name: string, fallback: number): number {
  const given = env[name];
  if (given === undefined || given === '') return fallback;
  const value = Number(given);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} must be a positive integer, got "${given}"`);
  return value;
}

function nonNegativeInteger(env: Env, name: string, fallback: number): number {
  const given = env[name];
  if (given === undefined || given === '') return fallback;
  const value = Number(given);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be an integer of at least 0, got "${given}"`);
  return value;
}

/** There are no default admin credentials (the reference compared against whatever the env held). */
function adminCredentials(env: Env, production: boolean): { adminLogin?: string; adminPassword?: string } {
  const adminLogin = env.ADMIN_LOGIN || undefined;
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (!adminLogin || !adminPassword) return {};
  if (production && adminPassword.length < 12) throw new ConfigError('ADMIN_PASSWORD must be at least 12 characters when NODE_ENV=production');
  return { adminLogin, adminPassword };
}

/** In production JWT_SECRET is required; in development one is generated once and kept in the data directory. */
function jwtSecret(env: Env, production: boolean, dataDir: string): string {
  const given = env.JWT_SECRET;
  if (given) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
    return given;
  }
  if (production) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
