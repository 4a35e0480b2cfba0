/**
 * What `npm start` hands its terminal so that a provisioning file downloaded from the demo console is honoured
 * (docs/downloads.md "Trying it with npm start"): the `*.kassa` files named on the command line
 * (`npm start -- ~/Downloads/Kassa-Setup-0.1.0.K7Q-4MZ-9TD.kassa`), and the keys to verify them with — the running
 * service's own public key from `/downloads/provisioning-key` (the service `npm start` itself just started, so it is
 * the one the files come from), or `KASSA_PROVISIONING_KEYS` when set (the same JSON, as `npm run dist` takes it).
 * Without keys a terminal refuses every provisioning file, which is what a packaged build without keys does too.
 */
import { resolve } from 'node:path';
import type { JWK } from 'jose';
import { launchRequests } from '../main/provisioning/launch-requests.js';
import { trustedKeysFrom } from '../main/provisioning/trusted-keys.js';
import { PROVISIONING_EXTENSION } from '../shared/provisioning/provisioning.js';

export interface TerminalProvisioning {
  /** Absolute paths of the provisioning files given on the command line. */
  readonly provisioningFiles: string[];
  /** The Ed25519 public keys the terminal trusts them from (none: every file is refused). */
  readonly trustedProvisioningKeys: JWK[];
  /** The same keys as `{keys: [...]}` JSON, for an Electron child (KASSA_PROVISIONING_KEYS), or undefined. */
  readonly keysJson: string | undefined;
}

export interface TerminalProvisioningOptions {
  readonly serviceUrl: string;
  /** The command line's arguments after the script (`process.argv.slice(2)`). */
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd?: string;
  readonly fetch?: (url: string) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;
  readonly log: (line: string) => void;
}

/** The service's provisioning keys as JSON text, or undefined (said in the log) when it does not answer them. */
async function serviceKeys(options: TerminalProvisioningOptions): Promise<string | undefined> {
  const url = `${options.serviceUrl}/downloads/provisioning-key`;
  try {
    const response = await (options.fetch ?? fetch)(url);
    if (!response.ok) {
      options.log(`the service answered ${response.status} for its provisioning key (${url})`);
      return undefined;
    }
    return await response.text();
  } catch (error) {
    options.log(`the service's provisioning key could not be read (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
}

export async function terminalProvisioning(options: TerminalProvisioningOptions): Promise<TerminalProvisioning> {
  const cwd = options.cwd ?? process.cwd();
  // A file named relative to where `npm start` was run from (launchRequests takes absolute paths only).
  const argv = options.argv.map((argument) => (argument.endsWith(`.${PROVISIONING_EXTENSION}`) && !argument.startsWith('-') ? resolve(cwd, argument) : argument));
  const provisioningFiles = launchRequests(argv).provisioningFiles;
  const fromEnv = options.env.KASSA_PROVISIONING_KEYS;
  const keysJson = fromEnv ?? (await serviceKeys(options));
  const trustedProvisioningKeys = trustedKeysFrom(keysJson, options.log);
  return { provisioningFiles, trustedProvisioningKeys, keysJson: trustedProvisioningKeys.length > 0 ? JSON.stringify({ keys: trustedProvisioningKeys }) : undefined };
}
