/**
 * Finds the Electron binary without downloading it. The `electron` package's own `require('electron')` starts a
 * download when its binary is missing (Electron 45 fetches lazily, on first use) — on a machine that cannot reach
 * Electron's download host that would hang the launcher. So this reads the same files the package reads
 * (`path.txt`, `dist/`, `ELECTRON_OVERRIDE_DIST_PATH`) and only reports.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type ElectronBinary = { readonly available: true; readonly path: string } | { readonly available: false; readonly reason: string };

/** Where the `electron` package is installed, or null when it is not. */
export function electronPackageDir(from: string = import.meta.url): string | null {
  try {
    return dirname(createRequire(from).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/** The Electron binary to launch, or why there is none. */
export function findElectronBinary(packageDir: string | null = electronPackageDir(), env: NodeJS.ProcessEnv = process.env): ElectronBinary {
  if (!packageDir) return { available: false, reason: 'the electron package is not installed' };
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const path = join(override, relative || 'electron');
    return existsSync(path) ? { available: true, path } : { available: false, reason: `ELECTRON_OVERRIDE_DIST_PATH names ${path}, which does not exist` };
  }
  if (!relative) {
    return { available: false, reason: 'its download was skipped at install: node_modules/electron/path.txt is missing' };
  }
  const path = join(packageDir, 'dist', relative);
  return existsSync(path) ? { available: true, path } : { available: false, reason: `${path} does not exist` };
}
