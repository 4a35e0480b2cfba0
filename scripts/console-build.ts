/**
 * Builds the owner's console (`dist/console`, console/vite.config.ts) when it is missing or older than its
 * sources, so `npm start`, `npm run server` and the end-to-end tests always serve the console of the code checked
 * out — on a fresh clone too. "Older" compares modification times: the newest file under console/ and shared/
 * (which the console bundles) and the lock file, against the built index.html.
 */
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestIn } from './renderer-build.js';

const SOURCE_DIRS = ['console', 'shared'];
const SOURCE_FILES = ['package-lock.json'];

function mtime(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Why the console must be built, or undefined when dist/console is current. */
export function consoleBuildReason(root: string): string | undefined {
  const built = mtime(join(root, 'dist', 'console', 'index.html'));
  if (built === undefined) return 'dist/console is missing';
  const sources = Math.max(...SOURCE_DIRS.map((dir) => newestIn(join(root, dir))), ...SOURCE_FILES.map((file) => mtime(join(root, file)) ?? 0));
  return sources > built ? 'its sources changed since it was built' : undefined;
}

/**
 * Builds dist/console with Vite if it is missing or outdated; says so through `log`. The build is written beside it
 * and moved into place when complete, so a build stopped half-way (Ctrl-C during `npm start`) never leaves an
 * index.html whose scripts are missing — which would look current to consoleBuildReason and be served broken.
 */
export async function ensureConsoleBuilt(root: string, log: (line: string) => void): Promise<void> {
  const reason = consoleBuildReason(root);
  if (!reason) return;
  log(`building the owner's console (${reason})`);
  const { build } = await import('vite');
  const target = join(root, 'dist', 'console');
  const staging = `${target}.building-${process.pid}`;
  // Leftovers of builds that were stopped half-way.
  for (const name of existsSync(join(root, 'dist')) ? readdirSync(join(root, 'dist')) : [])
    if (name.startsWith('console.building-')) rmSync(join(root, 'dist', name), { recursive: true, force: true });
  try {
    await build({ configFile: join(root, 'console', 'vite.config.ts'), logLevel: 'warn', build: { outDir: staging, emptyOutDir: true } });
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * `npm run server` runs this first: the service then serves the console of the code checked out. A machine without
 * the build tools (a production install without devDependencies) keeps the console it has — the service says at
 * `/` how to build one if there is none — rather than refusing to start the API.
 */
async function main(): Promise<void> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  try {
    await ensureConsoleBuilt(root, (line) => console.log(`[console] ${line}`));
  } catch (error) {
    console.warn(`[console] could not build the owner's console (${error instanceof Error ? error.message : String(error)}); the service starts without it`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
