/**
 * A fixture release as electron-builder lays one out in RELEASES_DIR: small fake installers per platform and the
 * updater's latest*.yml naming each with its real size and base64 SHA-512, as electron-updater checks them. The
 * installers are bytes, not programs: nothing here builds or runs an installer.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const FIXTURE_VERSION = '0.1.0';

export const FIXTURE_INSTALLERS = {
  windows: `Kassa-Setup-${FIXTURE_VERSION}.exe`,
  mac: `Kassa-${FIXTURE_VERSION}-arm64.dmg`,
  linux: `Kassa-${FIXTURE_VERSION}.AppImage`,
} as const;

export const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

function channelFile(fileName: string, bytes: Buffer): string {
  const hash = sha512(bytes);
  return [
    `version: ${FIXTURE_VERSION}`,
    'files:',
    `  - url: ${fileName}`,
    `    sha512: ${hash}`,
    `    size: ${bytes.length}`,
    `path: ${fileName}`,
    `sha512: ${hash}`,
    "releaseDate: '2026-11-25T12:00:00.000Z'",
    '',
  ].join('\n');
}

/** A new folder holding the fixture release; `empty` gives a folder with nothing published. */
export function fixtureRelease(options: { empty?: boolean } = {}): { dir: string; bytes: Record<keyof typeof FIXTURE_INSTALLERS, Buffer> } {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-release-'));
  const bytes = {
    windows: Buffer.from(`MZ fake Windows installer of Kassa ${FIXTURE_VERSION}\n`.repeat(50)),
    mac: Buffer.from(`fake macOS disk image of Kassa ${FIXTURE_VERSION}\n`.repeat(40)),
    linux: Buffer.from(`\x7fELF fake AppImage of Kassa ${FIXTURE_VERSION}\n`.repeat(30)),
  };
  if (options.empty) return { dir, bytes };
  writeFileSync(join(dir, FIXTURE_INSTALLERS.windows), bytes.windows);
  writeFileSync(join(dir, FIXTURE_INSTALLERS.mac), bytes.mac);
  writeFileSync(join(dir, FIXTURE_INSTALLERS.linux), bytes.linux);
  writeFileSync(join(dir, 'latest.yml'), channelFile(FIXTURE_INSTALLERS.windows, bytes.windows));
  writeFileSync(join(dir, 'latest-mac.yml'), channelFile(FIXTURE_INSTALLERS.mac, bytes.mac));
  writeFileSync(join(dir, 'latest-linux.yml'), channelFile(FIXTURE_INSTALLERS.linux, bytes.linux));
  // A file that is not the release's own must never be served.
  writeFileSync(join(dir, '.secret'), 'not for the feed');
  return { dir, bytes };
}
