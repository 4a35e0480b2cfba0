/**
 * Turns a request's bearer token into the acting principal. A valid signature is not enough: the user or
 * employee must still exist, not be deleted, and belong to the token's business (a deleted cashier loses access
 * within seconds, not when the token expires — the reference's S5). The current role is read from the database
 * so a demotion takes effect at once. A short cache keeps this off the hot path of every request (B9).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Role } from '../../shared/catalogue/operation.js';
import type { Actor } from '../../app/context.js';
import { ADMIN_AUDIENCE, TERMINAL_AUDIENCE, type TokenClaims, type TokenService } from './tokens.js';

export interface Principal {
  readonly businessId: string;
  readonly actor: Actor;
  /** When the token's holder last logged in with their password (ms since the epoch); absent for PIN tokens. */
  readonly passwordLoginAt?: number;
}

const CACHE_MS = 5_000;

export interface PrincipalResolver {
  resolve(authorization: string | undefined): Promise<Principal | null>;
  /**
   * The platform administrator of an admin-audience token, or null. Tenant tokens are refused here just as
   * admin tokens are refused by `resolve`: the audiences never mix.
   */
  resolveAdmin(authorization: string | undefined): Promise<Principal | null>;
  /**
   * The enrolled terminal of a terminal-audience token (docs/sync.md), or null. Its row must exist, belong to the
   * token's business and not be revoked — re-checked like a user's, so a revocation ends access within seconds.
   */
  resolveTerminal(authorization: string | undefined): Promise<Principal | null>;
  /**
   * The terminal of a valid terminal-audience token whose credential has been revoked, or null (no token, a bad
   * one, or a live terminal). Only for keeping what such a terminal still pushes (docs/sync.md).
   */
  revokedTerminal(authorization: string | undefined): Promise<{ businessId: string; terminalId: string } | null>;
  /**
   * True for a valid terminal-audience token of a business this service has, whose terminal it has no row for: the
   * database was restored from a backup taken before the till was enrolled (docs/sync.md, "Disasters"). The till
   * enrolls again with its old credential and keeps its id (app/sync/enrollment.ts).
   */
  unknownTerminal(authorization: string | undefined): Promise<boolean>;
  /** Drops cached state for a principal whose role or status just changed. */
  forget(businessId: string, id: string): void;
}

function bearer(authorization: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(authorization ?? '');
  return match?.[1] ?? null;
}

export function principalResolver(db: Kysely<Database>, tokens: TokenService): PrincipalResolver {
  const cache = new Map<string, { until: number; role: Role | null }>();

  async function currentRole(claims: TokenClaims): Promise<Role | null> {
    const businessId = claims.businessId ?? '';
    const key = `${claims.kind}:${businessId}:${claims.sub}`;
    const hit = cache.get(key);
    const now = Date.now();
    if (hit && hit.until > now) return hit.role;
    let role: Role | null = null;
    if (claims.kind === 'user') {
      const user = await db
        .selectFrom('users')
        .select(['role'])
        .where('id', '=', claims.sub)
        .where('business_id', '=', businessId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      // Only the two user roles count: a stored role of anything else (the reference let a caller write
      // 'SUPERADMIN' into it, S2) gives no access at all rather than whatever the string says.
      role = user && (user.role === 'OWNER' || user.role === 'ADMIN') ? user.role : null;
    } else if (claims.kind === 'employee') {
      const employee = await db
        .selectFrom('employees')
        .select(['id'])
        .where('business_id', '=', businessId)
        .where('id', '=', claims.sub)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      role = employee ? 'EMPLOYEE' : null;
    }
    if (cache.size > 10_000) cache.clear();
    cache.set(key, { until: now + CACHE_MS, role });
    return role;
  }

  /**
   * The terminal's workplace while it is enrolled and not revoked, with the code of its latest enrollment (a
   * credential of an earlier one was superseded by enrolling again); null if revoked or unknown. Cached like roles.
   */
  type LiveTerminal = { workplaceId: string; enrollmentCodeId: string; enrolledAgain: boolean };
  const terminals = new Map<string, { until: number; live: LiveTerminal | null }>();
  async function liveTerminal(businessId: string, terminalId: string): Promise<LiveTerminal | null> {
    const key = `terminal:${businessId}:${terminalId}`;
    const hit = terminals.get(key);
    const now = Date.now();
    if (hit && hit.until > now) return hit.live;
    const terminal = await db
      .selectFrom('terminals')
      .select(['workplace_id', 'enrollment_code_id', 'enrolled_at', 'dt_created'])
      .where('business_id', '=', businessId)
      .where('id', '=', terminalId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    const live = terminal
      ? { workplaceId: terminal.workplace_id, enrollmentCodeId: terminal.enrollment_code_id, enrolledAgain: terminal.enrolled_at !== terminal.dt_created }
      : null;
    if (terminals.size > 10_000) terminals.clear();
    terminals.set(key, { until: now + CACHE_MS, live });
    return live;
  }

  return {
    async resolveAdmin(authorization) {
      const token = bearer(authorization);
      if (!token) return null;
      const claims = await tokens.verify(token, ADMIN_AUDIENCE);
      if (!claims || claims.kind !== 'admin' || claims.role !== 'SUPERADMIN') return null;
      // The administrator belongs to no tenant; an empty business id matches no tenant row.
      return { businessId: '', actor: { kind: 'admin', id: claims.sub, role: 'SUPERADMIN' } };
    },
    async resolveTerminal(authorization) {
      const token = bearer(authorization);
      if (!token) return null;
      const claims = await tokens.verify(token, TERMINAL_AUDIENCE);
      if (!claims || claims.kind !== 'terminal' || claims.role !== 'TERMINAL' || !claims.businessId) return null;
      const live = await liveTerminal(claims.businessId, claims.sub);
      if (!live) return null;
      // A credential from before the terminal was enrolled again (the one the owner revoked) stays refused.
      // Credentials name their enrollment's code; older ones (without it) are valid only if it never was.
      if (claims.enrollmentCodeId ? claims.enrollmentCodeId !== live.enrollmentCodeId : live.enrolledAgain) return null;
      return { businessId: claims.businessId, actor: { kind: 'terminal', id: claims.sub, role: 'TERMINAL', workplaceId: live.workplaceId } };
    },
    async unknownTerminal(authorization) {
      const token = bearer(authorization);
      if (!token) return false;
      const claims = await tokens.verify(token, TERMINAL_AUDIENCE);
      if (!claims || claims.kind !== 'terminal' || !claims.businessId) return false;
      const known = await db
        .selectFrom('businesses')
        .leftJoin('terminals as t', (join) => join.onRef('t.business_id', '=', 'businesses.id').on('t.id', '=', claims.sub))
        .select(['businesses.id as business', 't.id as terminal'])
        .where('businesses.id', '=', claims.businessId)
        .executeTakeFirst();
      return known !== undefined && known.terminal === null;
    },
    async revokedTerminal(authorization) {
      const token = bearer(authorization);
      if (!token) return null;
      const claims = await tokens.verify(token, TERMINAL_AUDIENCE);
      if (!claims || claims.kind !== 'terminal' || !claims.businessId) return null;
      const terminal = await db
        .selectFrom('terminals')
        .select(['id'])
        .where('business_id', '=', claims.businessId)
        .where('id', '=', claims.sub)
        .where('revoked_at', 'is not', null)
        .executeTakeFirst();
      return terminal ? { businessId: claims.businessId, terminalId: terminal.id } : null;
    },
    async resolve(authorization) {
      const token = bearer(authorization);
      if (!token) return null;
      const claims = await tokens.verify(token);
      if (!claims || claims.kind === 'admin' || claims.kind === 'terminal' || !claims.businessId) return null;
      const role = await currentRole(claims);
      if (!role) return null;
      const actor: Actor = {
        kind: claims.kind,
        id: claims.sub,
        role,
        ...(claims.workplaceId ? { workplaceId: claims.workplaceId } : {}),
        ...(claims.pointId ? { pointId: claims.pointId } : {}),
      };
      const passwordLoginAt = typeof claims.auth_time === 'number' && Number.isFinite(claims.auth_time) ? claims.auth_time * 1000 : undefined;
      return { businessId: claims.businessId, actor, ...(passwordLoginAt === undefined ? {} : { passwordLoginAt }) };
    },
    forget(businessId, id) {
      for (const kind of ['user', 'employee']) cache.delete(`${kind}:${businessId}:${id}`);
      terminals.delete(`terminal:${businessId}:${id}`);
    },
  };
}
