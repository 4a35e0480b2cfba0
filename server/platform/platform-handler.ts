/**
 * Operations that belong to the central service itself rather than to a tenant's domain: registration,
 * logins, tokens, the platform administrator. They are online-only and never run on a terminal.
 */
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.js';
import type { Transactor } from '../../db/transactor.js';
import type { Config } from '../config.js';
import type { Principal, PrincipalResolver } from '../auth/principal.js';
import type { TokenService } from '../auth/tokens.js';
import type { Pokes } from '../sync/pokes.js';
import type { CaptureProgress } from '../capture/progress.js';
import type { GenerationSource } from '../generation/source.js';

export interface PlatformServices {
  readonly db: Kysely<Database>;
  readonly writes: Transactor;
  readonly config: Config;
  readonly tokens: TokenService;
  readonly principals: PrincipalResolver;
  /** Tills' kept connections: what announces committed changes to them (server/sync/pokes.ts). */
  readonly pokes: Pokes;
  /** PostgreSQL: how far the change capture has read the WAL (server/capture/progress.ts); null on SQLite. */
  readonly captureProgress: CaptureProgress | null;
  /** The database's generation, which sync requests are checked against (app/sync/generation.ts). */
  readonly generation: GenerationSource;
}

export interface PlatformInput {
  readonly body: unknown;
  readonly query: unknown;
  readonly params: Readonly<Record<string, string>>;
}

export interface PlatformHandler {
  readonly operationId: string;
  /** `principal` is null for public operations; `log` is the request's logger. */
  run(services: PlatformServices, input: PlatformInput, principal: Principal | null, log?: FastifyBaseLogger): Promise<unknown>;
  /**
   * Called instead of `run` when the caller could not be authenticated, before the 401 is sent; may keep what was
   * sent (a revoked terminal's push) and throw a more precise 401 itself.
   */
  unauthenticated?(services: PlatformServices, body: unknown, authorization: string | undefined, log?: FastifyBaseLogger): Promise<void>;
}
