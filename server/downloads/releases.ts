/**
 * What RELEASES_DIR holds: electron-builder's output for the terminal (installers, blockmaps and the updater's
 * latest*.yml). For each platform the installer a person downloads is the one its latest*.yml names (`path:`),
 * or else the newest file with the platform's installer extension. Only regular files directly in the folder count.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
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

async function regularFile(path: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
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
  const channel = names.includes(CHANNEL_FILE[platform]) ? channelFields(await readFile(join(releasesDir, CHANNEL_FILE[platform]), 'utf8').catch(() => '')) : null;
  const named = channel?.path && names.includes(channel.path) && channel.path.endsWith(INSTALLER_EXTENSION[platform]) ? channel.path : null;
  let best: { name: string; size: number; mtimeMs: number } | null = null;
  for (const name of named ? [named] : names.filter((candidate) => candidate.endsWith(INSTALLER_EXTENSION[platform]))) {
    const info = await regularFile(join(releasesDir, name));
    if (info && (!best || info.mtimeMs > best.mtimeMs)) best = { name, ...info };
  }
  if (!best) return null;
  return { platform, fileName: best.name, path: join(releasesDir, best.name), size: best.size, version: named ? channel?.version ?? null : null };
}
