/**
 * What RELEASES_DIR holds: electron-builder's output for the terminal (installers, blockmaps and the updater's
 * latest*.yml). For each platform the installer a person downloads is the one its latest*.yml names (`path:`),
 * or else the newest file with the platform's installer extension. Only regular files directly in the folder count:
 * a symbolic link in it is never followed (it could point anywhere the service may read), whatever it points at.
 */
import { constants } from 'node:fs';
import { lstat, open, readdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import type { Platform } from '../../shared/provisioning/provisioning.js';

export interface Installer {
  readonly platform: Platform;
  readonly fileName: string;
  readonly path: string;
  readonly size: number;
  /** From latest*.yml when it names this file; null otherwise. */
  readonly version: string | null;
}

const INSTALLER_EXTENSION: Record<Platform, string> = { windows: '.exe', mac: '.dmg', linux: '.AppImage' };
/** The updater's channel file per platform (electron-builder's names for the `latest` channel). */
const CHANNEL_FILE: Record<Platform, string> = { windows: 'latest.yml', mac: 'latest-mac.yml', linux: 'latest-linux.yml' };

/** What the console tells an owner when nothing has been published (also docs/downloads.md). */
export const HOW_TO_PUBLISH =
  'No terminal release has been published. Build the installers (npm run dist, or the "Terminal installers" CI workflow) and copy everything in dist/installers — the installers and latest*.yml — into the folder RELEASES_DIR names, then reload this page.';

/** A safe file name of the folder's own: no separators, no leading dot. */
export function isReleaseFileName(name: string): boolean {
  return name.length > 0 && name.length <= 255 && !name.startsWith('.') && /^[A-Za-z0-9._ +-]+$/.test(name);
}

/** `version:` and `path:` of a latest*.yml (flat top-level keys; no YAML library needed for two scalars). */
export function channelFields(text: string): { version: string | null; path: string | null } {
  const field = (key: string) => {
    const match = new RegExp(`^${key}:\\s*['"]?([^'"\\r\\n]+?)['"]?\\s*$`, 'm').exec(text);
    return match?.[1] ?? null;
  };
  return { version: field('version'), path: field('path') };
}

export interface ReleaseFile {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
}

/**
 * The regular file `name` directly in the release folder, or null: a name of the folder's own (no separators, no
 * dot file), not a symbolic link (lstat), and whose real path is that name in the folder's real path — so neither
 * a link nor a folder that is one leads out of it. RELEASES_DIR itself may be a link the operator made: it is
 * resolved once per call, as the folder the files must be in.
 */
export async function releaseFile(releasesDir: string, name: string): Promise<ReleaseFile | null> {
  if (!isReleaseFileName(name)) return null;
  try {
    const root = await realpath(releasesDir);
    const path = join(root, name);
    const info = await lstat(path);
    if (!info.isFile() || (await realpath(path)) !== path) return null;
    return { path, size: info.size, mtimeMs: info.mtimeMs };
  } catch {
    return null;
  }
}

/** A release file's text, opened without following a link (O_NOFOLLOW), or '' when it is not a regular file. */
async function releaseText(releasesDir: string, name: string): Promise<string> {
  const file = await releaseFile(releasesDir, name);
  if (!file) return '';
  const handle = await open(file.path, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
  if (!handle) return '';
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

export async function findInstaller(releasesDir: string | undefined, platform: Platform): Promise<Installer | null> {
  if (!releasesDir) return null;
  let names: string[];
  try {
    names = (await readdir(releasesDir)).filter(isReleaseFileName);
  } catch {
    return null;
  }
  const channel = names.includes(CHANNEL_FILE[platform]) ? channelFields(await releaseText(releasesDir, CHANNEL_FILE[platform])) : null;
  const named = channel?.path && names.includes(channel.path) && channel.path.endsWith(INSTALLER_EXTENSION[platform]) ? channel.path : null;
  let best: (ReleaseFile & { name: string }) | null = null;
  for (const name of named ? [named] : names.filter((candidate) => candidate.endsWith(INSTALLER_EXTENSION[platform]))) {
    const info = await releaseFile(releasesDir, name);
    if (info && (!best || info.mtimeMs > best.mtimeMs)) best = { name, ...info };
  }
  if (!best) return null;
  return { platform, fileName: best.name, path: best.path, size: best.size, version: named ? channel?.version ?? null : null };
}
