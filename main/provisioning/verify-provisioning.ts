/**
 * Reads a provisioning file (shared/provisioning/provisioning.ts) at the terminal: the JWS must be signed by one of
 * the keys this build trusts (EdDSA only, `typ` exactly ours), its payload well formed, and its service address
 * one a till may send its credential to (https, or http to this machine, or a development switch). A file whose
 * code expired is still reported with its (signed) service address, so the enrollment screen can ask only for a
 * new code. Runs in the terminal core (worker) — jose is pure JavaScript.
 */
import { errors, importJWK, jwtVerify, type JWK } from 'jose';
import { ProvisioningPayload, PROVISIONING_TYPE, serviceAddressProblem } from '../../shared/provisioning/provisioning.js';

export type ProvisioningProblem =
  /** Not a provisioning file at all, or a payload we cannot read. */
  | 'malformed'
  /** Signed by no key this build trusts (or tampered with). */
  | 'untrusted'
  /** Its code's time is over; the signed address is still given. */
  | 'expired'
  /** It names a plain-http service on another machine. */
  | 'insecure-address';

export type ProvisioningReading =
  | { readonly ok: true; readonly payload: ProvisioningPayload }
  | { readonly ok: false; readonly problem: ProvisioningProblem; readonly payload?: ProvisioningPayload };

export interface VerifyOptions {
  /** Public keys (JWK, Ed25519) this terminal trusts; none means no file is accepted. */
  readonly trustedKeys: readonly JWK[];
  readonly allowInsecureService: boolean;
  readonly now?: Date;
}

const MAX_FILE_CHARS = 16_384;

export async function verifyProvisioning(text: string, options: VerifyOptions): Promise<ProvisioningReading> {
  const jws = text.trim();
  if (jws.length === 0 || jws.length > MAX_FILE_CHARS || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(jws)) return { ok: false, problem: 'malformed' };
  for (const jwk of options.trustedKeys) {
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || jwk.d !== undefined) continue;
    let key;
    try {
      key = await importJWK({ kty: jwk.kty, crv: jwk.crv, x: jwk.x }, 'EdDSA');
    } catch {
      continue;
    }
    try {
      const { payload } = await jwtVerify(jws, key, {
        algorithms: ['EdDSA'],
        typ: PROVISIONING_TYPE,
        ...(options.now ? { currentDate: options.now } : {}),
      });
      return checked(payload, options);
    } catch (error) {
      // The signature held but the time is over: jose checks claims only after the signature.
      if (error instanceof errors.JWTExpired) {
        const parsed = ProvisioningPayload.safeParse(error.payload);
        return parsed.success ? { ok: false, problem: 'expired', payload: parsed.data } : { ok: false, problem: 'malformed' };
      }
      if (error instanceof errors.JWSSignatureVerificationFailed) continue;
      if (error instanceof errors.JWTClaimValidationFailed || error instanceof errors.JWTInvalid) return { ok: false, problem: 'malformed' };
      continue;
    }
  }
  return { ok: false, problem: 'untrusted' };
}

function checked(raw: unknown, options: VerifyOptions): ProvisioningReading {
  const parsed = ProvisioningPayload.safeParse(raw);
  if (!parsed.success) return { ok: false, problem: 'malformed' };
  if (serviceAddressProblem(parsed.data.server, { allowInsecure: options.allowInsecureService }) !== null) return { ok: false, problem: 'insecure-address', payload: parsed.data };
  return { ok: true, payload: parsed.data };
}
