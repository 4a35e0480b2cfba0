/**
 * Access tokens: HS256 JWTs via jose with the algorithm, issuer and audience pinned on verification, so a token
 * signed with another algorithm, for another audience (the platform administrator's, a terminal's), or expired is
 * refused.
 */
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '../../shared/catalogue/operation.js';

export const ISSUER = 'kassa';
export const TENANT_AUDIENCE = 'kassa-api';
export const ADMIN_AUDIENCE = 'kassa-admin';
/** Device credentials of enrolled terminals (docs/sync.md): accepted by the sync operations and nothing else. */
export const TERMINAL_AUDIENCE = 'kassa-terminal';
/**
 * A device credential lives long — a till may stay offline for weeks and must still push what it sold — and is
 * ended by revocation (checked on every request), not by expiry: ten years.
 */
export const TERMINAL_TOKEN_TTL_SECONDS = 10 * 365 * 24 * 3600;

export interface TokenClaims {
  readonly sub: string;
  readonly kind: 'user' | 'employee' | 'admin' | 'terminal';
  readonly role: Role;
  readonly businessId?: string;
  readonly workplaceId?: string;
  readonly pointId?: string;
  /**
   * When the token's holder last proved their password (seconds since the epoch, OpenID Connect's `auth_time`):
   * set only by password logins, so a PIN token never has it. Sensitive changes made without the current password
   * need it to be recent (docs/api/auth.md, proof of presence).
   */
  readonly auth_time?: number;
  /** A terminal's credential: the enrollment code it was issued for (enrolling again supersedes it). */
  readonly enrollmentCodeId?: string;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token for `audience`, or null. Never throws for a bad token. */
  verify(token: string, audience?: string): Promise<TokenClaims | null>;
}

/** Verified tokens remembered so the hot path skips repeating the HMAC; bounded, and expiry is still checked. */
const VERIFIED_CACHE_LIMIT = 10_000;

export function tokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: TokenClaims; audience: string; expiresAt: number }>();
  return {
    async sign(claims) {
      const audience = claims.kind === 'admin' ? ADMIN_AUDIENCE : claims.kind === 'terminal' ? TERMINAL_AUDIENCE : TENANT_AUDIENCE;
      const { sub, ...rest } = claims;
      return new SignJWT({ ...rest })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${claims.kind === 'terminal' ? TERMINAL_TOKEN_TTL_SECONDS : ttlSeconds}s`)
        .sign(key);
    },
    async verify(token, audience = TENANT_AUDIENCE) {
      const hit = verified.get(token);
      if (hit && hit.audience === audience && hit.expiresAt > Date.now()) return hit.claims;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience });
        if (typeof payload.sub !== 'string' || typeof payload.kind !== 'string' || typeof payload.role !== 'string') return null;
        if (typeof payload.exp !== 'number') return null;
        const claims = payload as unknown as TokenClaims;
        if (verified.size >= VERIFIED_CACHE_LIMIT) verified.clear();
        verified.set(token, { claims, audience, expiresAt: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
