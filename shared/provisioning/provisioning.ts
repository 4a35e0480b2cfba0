/**
 * The per-workplace download (docs/downloads.md): what a provisioning file says, how it and the installer are
 * named, and the `kassa://enroll` link. Pure, so the service that signs a file, the terminal that verifies it
 * and the console that offers it agree on one definition.
 *
 * A provisioning file is a compact JWS (EdDSA / Ed25519) signed by the service; its payload names the service
 * address (from the service's configuration, never from a request), a one-time enrollment code, the business and
 * the workplace. The terminal trusts only the public keys it was built with, so a file (or a link) from anyone
 * else cannot point a till at another service; the terminal sends the file with its enrollment and the service
 * refuses it unless the code is the one in the file, of that business and workplace (docs/downloads.md).
 */
import { z } from 'zod';

export const PLATFORMS = ['windows', 'mac', 'linux'] as const;
export type Platform = (typeof PLATFORMS)[number];

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);
}

/** The JWS `typ` header of a provisioning file: a JWT of something else signed by the same key is refused. */
export const PROVISIONING_TYPE = 'kassa-provisioning+jwt';
/** The file extension registered for the app (file association) and looked for beside the installer. */
export const PROVISIONING_EXTENSION = 'kassa';
/** What the Windows installer copies the file to, in the install folder (build/installer.nsh). */
export const INSTALLED_PROVISIONING_NAME = `provisioning.${PROVISIONING_EXTENSION}`;

export const ProvisioningPayload = z.object({
  /** The format's version. */
  v: z.literal(1),
  /** The service the till enrolls with: its origin (scheme, host, port), no path. */
  server: z.string().min(1).max(2_000),
  /** The one-time enrollment code in its display form (`K7Q-4MZ-9TD`). */
  code: z.string().min(1).max(40),
  workplace: z.object({ id: z.string().min(1).max(100), name: z.string().max(500) }),
  /**
   * The business the code and the workplace belong to. Additive within `v: 1` (a reader of the first files strips
   * it, so terminals built before it still read new files); absent only in files signed before it, which expired
   * with their code ten minutes later.
   */
  business: z.object({ id: z.string().min(1).max(100), name: z.string().max(500) }).optional(),
  /** Seconds since the epoch: the code's own expiry (checked by the verifier as the JWT `exp`). */
  exp: z.number().int(),
  iat: z.number().int(),
});
export type ProvisioningPayload = z.infer<typeof ProvisioningPayload>;

/** `Kassa-Setup-0.1.0.exe` + `K7Q-4MZ-9TD` → `Kassa-Setup-0.1.0.K7Q-4MZ-9TD.exe` (the code before the extension). */
export function installerNameWithCode(installerName: string, code: string): string {
  const extension = /\.(exe|dmg|AppImage|deb|zip)$/.exec(installerName)?.[0] ?? '';
  return `${installerName.slice(0, installerName.length - extension.length)}.${code}${extension}`;
}

/**
 * The provisioning file's name: the installer's, with `.kassa` for its extension, so the Windows installer finds
 * it beside itself from its own name (build/installer.nsh).
 */
export function provisioningFileName(installerNameWithCodeInIt: string): string {
  const extension = /\.(exe|dmg|AppImage|deb|zip)$/.exec(installerNameWithCodeInIt)?.[0] ?? '';
  return `${installerNameWithCodeInIt.slice(0, installerNameWithCodeInIt.length - extension.length)}.${PROVISIONING_EXTENSION}`;
}

/** `kassa://enroll?server=…&code=…`: what the console shows as a link and a QR code. */
export function enrollLink(server: string, code: string): string {
  return `kassa://enroll?${new URLSearchParams({ server, code }).toString()}`;
}

/** The server and code of a `kassa://enroll` link, or undefined for anything else (parsed, never pattern-matched). */
export function parseEnrollLink(raw: string): { server: string; code: string } | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  // `kassa:` is not a special scheme: `kassa://enroll?…` has host `enroll` and an empty path.
  if (url.protocol !== 'kassa:' || url.hostname !== 'enroll' || (url.pathname !== '' && url.pathname !== '/')) return undefined;
  const server = url.searchParams.get('server');
  const code = url.searchParams.get('code');
  if (!server || !code) return undefined;
  return { server, code };
}

/**
 * Whether a service address may receive a till's device credential: `https:` always; plain `http:` only to the
 * machine itself (127.0.0.0/8, ::1, `localhost`) or when a development switch allows it. No credentials, no path
 * beyond `/`. Gives the reason in words, or null when the address is acceptable.
 */
export function serviceAddressProblem(raw: string, options: { allowInsecure: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an http(s) URL';
  }
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  if (url.protocol === 'https:') return null;
  if (url.protocol !== 'http:') return 'must be an https URL';
  if (isLoopbackHost(url.hostname) || options.allowInsecure) return null;
  return 'must be an https URL (plain http only to this machine itself)';
}

export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  const parts = hostname.split('.');
  return parts.length === 4 && parts[0] === '127' && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255);
}
