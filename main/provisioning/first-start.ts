/**
 * First start from a downloaded installer (docs/downloads.md): the terminal core finds the provisioning file the
 * shell named (beside the installer, copied by the Windows installer, or opened with the app), verifies it, and
 * enrolls on its own — no one types anything. What happened is kept as a status the enrollment screen shows: the
 * workplace being connected, or why not, with the signed service address so a person only pastes a new code.
 */
import { readFile } from 'node:fs/promises';
import type { JWK } from 'jose';
import { verifyProvisioning, type ProvisioningProblem } from './verify-provisioning.js';

export type ProvisioningFailure =
  | ProvisioningProblem
  /** The service refused the code: used already, or expired meanwhile (the service does not say which). */
  | 'code-refused'
  /** The service could not be reached; the file stays usable, the screen offers to try again. */
  | 'unreachable';

export interface ProvisioningStatus {
  readonly state: 'enrolling' | 'enrolled' | 'failed';
  /** The file it came from (its name only: a path may say who the user is). */
  readonly file: string;
  /** From the signed file; absent when the file could not be trusted. */
  readonly serviceUrl?: string;
  readonly workplace?: string;
  readonly problem?: ProvisioningFailure;
}

export interface ProvisioningOptions {
  readonly provisioningFiles?: readonly string[];
  readonly trustedProvisioningKeys?: readonly JWK[];
  readonly allowInsecureService?: boolean;
}

/** The file's name without its folders, for the screen and the logs. */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/**
 * The first named file that exists, read and verified, with its text (sent with the enrollment, for the service to
 * check the code is the file's own, of its business and workplace); undefined when none of them exists.
 */
export async function readProvisioning(
  options: ProvisioningOptions,
): Promise<{ file: string; text: string; reading: Awaited<ReturnType<typeof verifyProvisioning>> } | undefined> {
  for (const path of options.provisioningFiles ?? []) {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      continue;
    }
    const reading = await verifyProvisioning(text, { trustedKeys: options.trustedProvisioningKeys ?? [], allowInsecureService: options.allowInsecureService ?? false });
    return { file: baseName(path), text: text.trim(), reading };
  }
  return undefined;
}
