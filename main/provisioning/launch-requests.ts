/**
 * What the operating system asks the app to enroll with (docs/downloads.md): a `kassa://enroll?server=…&code=…`
 * link (Windows and Linux pass it on the command line, macOS as `open-url`), a provisioning file opened with the
 * app (`*.kassa`: command line, or `open-file` on macOS), and the files the app looks for itself at first start —
 * the one the Windows installer copied into the install folder, and the one beside an AppImage with its name.
 *
 * A link is not signed, so it only fills in the enrollment screen for a person to confirm (`#enroll=…&code=…`);
 * a provisioning file is verified by the core and enrolls by itself.
 */
import { dirname, extname, isAbsolute, join } from 'node:path';
import { INSTALLED_PROVISIONING_NAME, parseEnrollLink, PROVISIONING_EXTENSION } from '../../shared/provisioning/provisioning.js';

export interface LaunchRequests {
  readonly provisioningFiles: string[];
  readonly enrollLink?: { readonly server: string; readonly code: string };
}

/** Reads command-line arguments (Electron's own and Chromium switches are skipped: only a link or a file path). */
export function launchRequests(argv: readonly string[]): LaunchRequests {
  const provisioningFiles: string[] = [];
  let enrollLink: LaunchRequests['enrollLink'];
  for (const argument of argv) {
    if (argument.startsWith('-')) continue;
    const link = parseEnrollLink(argument);
    if (link) enrollLink = link;
    else if (isAbsolute(argument) && extname(argument) === `.${PROVISIONING_EXTENSION}`) provisioningFiles.push(argument);
  }
  return { provisioningFiles, ...(enrollLink ? { enrollLink } : {}) };
}

/** Where a provisioning file may wait at first start without being opened: install folder, beside an AppImage. */
export function installedProvisioningFiles(execPath: string, appImage: string | undefined): string[] {
  const files = [join(dirname(execPath), INSTALLED_PROVISIONING_NAME)];
  if (appImage && isAbsolute(appImage)) files.push(`${appImage.slice(0, appImage.length - extname(appImage).length)}.${PROVISIONING_EXTENSION}`);
  return files;
}

/**
 * The fragment that carries a link's server and code to the enrollment screen: `#enroll=<server>&code=<code>`,
 * the same form browser mode accepts in its address.
 */
export function enrollFragment(link: { server: string; code: string }): string {
  return `#${new URLSearchParams({ enroll: link.server, code: link.code }).toString()}`;
}
