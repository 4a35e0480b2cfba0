/**
 * Builds the renderer (`renderer/dist`) when it is missing or older than its sources, so `npm start` and the
 * end-to-end tests always serve the screens of the code checked out. "Older" compares modification times: the
 * newest file under renderer/ (but dist/) and shared/ (which the renderer bundles), the Vite config and the lock
 * file, against the built index.html.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE_DIRS = ['renderer', 'shared'];
const SOURCE_FILES = ['package-lock.json'];
const SKIP = new Set(['dist', 'node_modules']);

export function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function mtime(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Why the renderer must be built, or undefined when renderer/dist is current. */
export function rendererBuildReason(root: string): string | undefined {
  const built = mtime(join(root, 'renderer', 'dist', 'index.html'));
  if (built === undefined) return 'renderer/dist is missing';
  const sources = Math.max(
    ...SOURCE_DIRS.map((dir) => newestIn(join(root, dir))),
    ...SOURCE_FILES.map((file) => mtime(join(root, file)) ?? 0),
  );
  return sources > built ? 'its sources changed since it was built' : undefined;
}

/** Builds renderer/dist with Vite if it is missing or outdated; says so through `log`. */
export async function ensureRendererBuilt(root: string, log: (line: string) => void): Promise<void> {
  const reason = rendererBuildReason(root);
  if (!reason) return;
  log(`building the renderer (${reason})`);
  const { build } = await import('vite');
  await build({ configFile: join(root, 'renderer', 'vite.config.ts'), logLevel: 'warn' });
}
