import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { electronPackageDir, findElectronBinary } from '../../main/electron-binary.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kassa-electron-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('finding the Electron binary (npm start’s choice)', () => {
  it('reports the binary when the package recorded one and it exists', async () => {
    await writeFile(join(dir, 'path.txt'), 'electron');
    await mkdir(join(dir, 'dist'));
    await writeFile(join(dir, 'dist', 'electron'), '');
    expect(findElectronBinary(dir, {})).toEqual({ available: true, path: join(dir, 'dist', 'electron') });
  });

  it('says why when the download was skipped at install (no path.txt)', () => {
    expect(findElectronBinary(dir, {})).toEqual({ available: false, reason: 'its download was skipped at install: node_modules/electron/path.txt is missing' });
  });

  it('says why when the recorded binary is gone', async () => {
    await writeFile(join(dir, 'path.txt'), 'electron');
    expect(findElectronBinary(dir, {})).toEqual({ available: false, reason: `${join(dir, 'dist', 'electron')} does not exist` });
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH as the electron package does', async () => {
    await writeFile(join(dir, 'electron'), '');
    expect(findElectronBinary(dir, { ELECTRON_OVERRIDE_DIST_PATH: dir })).toEqual({ available: true, path: join(dir, 'electron') });
    expect(findElectronBinary(dir, { ELECTRON_OVERRIDE_DIST_PATH: join(dir, 'none') }).available).toBe(false);
  });

  it('says so when the electron package itself is missing', () => {
    expect(findElectronBinary(null, {})).toEqual({ available: false, reason: 'the electron package is not installed' });
  });

  it('finds this repository’s electron package without loading it (loading it would start a download)', () => {
    const found = electronPackageDir();
    expect(found).toMatch(/node_modules[/\\]electron$/);
  });
});
