/**
 * Terminal enrollment (docs/sync.md, "Enrollment"). An owner or admin creates a one-time code for a workplace;
 * a terminal exchanges it, once, for a device credential bound to that workplace.
 *
 * Only a keyed digest of a code is stored (HMAC-SHA-256 under a key derived from the service secret, so a copy of
 * the database does not yield usable codes). A code is single use — claiming it is a conditional update that
 * exactly one of two racing terminals wins — and expires after ENROLLMENT_CODE_TTL_MS; guessing is throttled per
 * client address by the route (`throttle: 'login'`), against 45 random bits.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { conflict, notFound, unauthorized } from '../../shared/errors.js';
import { newEnrollmentCode, normalizeEnrollmentCode } from '../../shared/sync/enrollment-code.js';
import type { Db } from '../context.js';

export const ENROLLMENT_CODE_TTL_MS = 10 * 60 * 1000;

export interface EnrollmentContext {
  readonly businessId: string;
  /** The owner or admin creating the code. */
  readonly actorId: string;
  readonly now: Date;
  newId(): string;
}

/** What the owner is shown once: the code itself is never stored or shown again. */
export interface EnrollmentCodeRecord {
  readonly id: string;
  readonly code: string;
  readonly workplace_id: string;
  readonly expires_at: string;
  readonly dt_created: string;
}

export function enrollmentCodeDigest(key: Uint8Array, canonical: string): string {
  return createHmac('sha256', key).update(canonical).digest('base64url');
}

const invalidCode = () => unauthorized('Invalid or expired enrollment code');

export async function createEnrollmentCode(tx: Db, ctx: EnrollmentContext, workplaceId: string, key: Uint8Array): Promise<EnrollmentCodeRecord> {
  const workplace = await tx
    .selectFrom('workplaces')
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', workplaceId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!workplace) throw notFound('Workplace not found');
  const now = ctx.now.toISOString();
  // Codes that expired unused are of no further interest.
  await tx.deleteFrom('enrollment_codes').where('business_id', '=', ctx.businessId).where('used_at', 'is', null).where('expires_at', '<=', now).execute();
  // Two live codes must never share a digest (a 1 in 2^45 chance per pair, but then a code would be ambiguous).
  let code = newEnrollmentCode();
  let digest = enrollmentCodeDigest(key, normalizeEnrollmentCode(code) ?? '');
  for (let attempt = 0; await liveCodeExists(tx, digest, now); attempt += 1) {
    if (attempt >= 5) throw new Error('could not draw an unused enrollment code');
    code = newEnrollmentCode();
    digest = enrollmentCodeDigest(key, normalizeEnrollmentCode(code) ?? '');
  }
  const record = {
    business_id: ctx.businessId,
    id: ctx.newId(),
    workplace_id: workplaceId,
    code_digest: digest,
    expires_at: new Date(ctx.now.getTime() + ENROLLMENT_CODE_TTL_MS).toISOString(),
    used_at: null,
    terminal_id: null,
    created_by: ctx.actorId,
    dt_created: now,
  };
  await tx.insertInto('enrollment_codes').values(record).execute();
  return { id: record.id, code, workplace_id: workplaceId, expires_at: record.expires_at, dt_created: now };
}

async function liveCodeExists(tx: Db, digest: string, now: string): Promise<boolean> {
  const row = await tx.selectFrom('enrollment_codes').select('id').where('code_digest', '=', digest).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
  return row !== undefined;
}

export interface EnrolledTerminal {
  readonly businessId: string;
  readonly terminalId: string;
  readonly workplaceId: string;
  readonly codeId: string;
  readonly enrolledBy: string;
  /** True when an existing terminal was enrolled again (same id), false for a new one. */
  readonly reenrolled: boolean;
}

/** The terminal a till says it was, proven by its old credential's signature (revoked or not). */
export interface PreviousTerminal {
  readonly businessId: string;
  readonly terminalId: string;
}

/** The business and workplace a provisioning file names, checked against the code's (docs/downloads.md). */
export interface ProvisionedFor {
  readonly businessId: string | null;
  readonly workplaceId: string;
}

export const PROVISIONING_MISMATCH_MESSAGE =
  'This enrollment code is not the one of the provisioning file sent with it, for its business and workplace: download the till again from the console.';

export const OTHER_BUSINESS_MESSAGE =
  'This code is for another business than the one this till belongs to: its unsent operations can only be delivered to their own business. Use a code of that business, or hand the till to support.';

/**
 * Spends a code and records the terminal. A wrong, expired or spent code, or one whose workplace is gone, is the
 * same 401: the answer tells a guesser nothing.
 */
export async function enrollTerminal(
  tx: Db,
  input: { readonly code: string; readonly name?: string | null; readonly provisionedFor?: ProvisionedFor | null },
  key: Uint8Array,
  now: Date,
  terminalId: string,
  previous: PreviousTerminal | null = null,
  /** The install the credential is bound to (a request from another install is a copy of the till). */
  installId: string | null = null,
): Promise<EnrolledTerminal> {
  const canonical = normalizeEnrollmentCode(input.code);
  if (canonical === null) throw invalidCode();
  const digest = enrollmentCodeDigest(key, canonical);
  const at = now.toISOString();
  const candidates = await tx
    .selectFrom('enrollment_codes')
    .select(['business_id', 'id', 'workplace_id', 'code_digest', 'created_by'])
    .where('code_digest', '=', digest)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
  const wanted = Buffer.from(digest);
  const found = candidates.find((candidate) => {
    const stored = Buffer.from(candidate.code_digest);
    return stored.length === wanted.length && timingSafeEqual(stored, wanted);
  });
  if (!found) throw invalidCode();
  const workplace = await tx
    .selectFrom('workplaces')
    .select('id')
    .where('business_id', '=', found.business_id)
    .where('id', '=', found.workplace_id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!workplace) throw invalidCode();
  // Checked before the claim, so a refused code stays usable (for a fresh till of its own business).
  const provisioned = input.provisionedFor;
  if (provisioned && (provisioned.workplaceId !== found.workplace_id || (provisioned.businessId !== null && provisioned.businessId !== found.business_id))) {
    throw conflict(PROVISIONING_MISMATCH_MESSAGE, { code: 'PROVISIONING_MISMATCH' });
  }
  if (previous && previous.businessId !== found.business_id) throw conflict(OTHER_BUSINESS_MESSAGE, { code: 'OTHER_BUSINESS' });
  const again = previous
    ? await tx.selectFrom('terminals').select('id').where('business_id', '=', previous.businessId).where('id', '=', previous.terminalId).executeTakeFirst()
    : undefined;
  // A till whose old credential this service signed for this business but whose row it no longer has was enrolled
  // after the backup the service was restored from: it keeps its id, so its queue continues and what it sent after
  // the backup can be sent again, once (docs/sync.md, "Disasters").
  const id = again ? again.id : (previous?.terminalId ?? terminalId);
  // The claim: of two terminals racing with the same code, the second finds it used (PostgreSQL re-checks the
  // condition after the first commits; SQLite has one writer).
  const claimed = await tx
    .updateTable('enrollment_codes')
    .set({ used_at: at, terminal_id: id })
    .where('business_id', '=', found.business_id)
    .where('id', '=', found.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw invalidCode();
  if (again) {
    // The same terminal again: its row is re-activated (bound to the code's workplace), so (terminal, epoch) and
    // seq continue and the queue it kept is delivered exactly once. Credentials issued before `enrolled_at` stay
    // refused (server/auth/principal.ts). What it pushed while revoked leaves the back office's list of refused
    // operations: the till delivers those itself now.
    await tx
      .updateTable('terminals')
      .set({
        workplace_id: found.workplace_id,
        ...(input.name ? { name: input.name } : {}),
        enrollment_code_id: found.id,
        enrolled_by: found.created_by,
        enrolled_at: at,
        revoked_at: null,
        revoked_by: null,
        dt_updated: at,
        install_id: installId,
      })
      .where('business_id', '=', found.business_id)
      .where('id', '=', id)
      .execute();
    await tx.deleteFrom('refused_operations').where('business_id', '=', found.business_id).where('terminal_id', '=', id).execute();
    return { businessId: found.business_id, terminalId: id, workplaceId: found.workplace_id, codeId: found.id, enrolledBy: found.created_by, reenrolled: true };
  }
  await tx
    .insertInto('terminals')
    .values({
      business_id: found.business_id,
      id,
      workplace_id: found.workplace_id,
      name: input.name ?? null,
      install_id: installId,
      enrollment_code_id: found.id,
      enrolled_by: found.created_by,
      enrolled_at: at,
      revoked_at: null,
      revoked_by: null,
      dt_created: at,
      dt_updated: at,
    })
    .execute();
  return { businessId: found.business_id, terminalId: id, workplaceId: found.workplace_id, codeId: found.id, enrolledBy: found.created_by, reenrolled: id !== terminalId };
}
