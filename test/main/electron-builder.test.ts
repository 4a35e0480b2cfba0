import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Reads electron-builder.yml as electron-builder does, and runs electron-builder's own schema validation. */
async function loadConfig(path = 'electron-builder.yml') {
  const config = await getConfig(ROOT, path, null);
  await validateConfiguration(config, new DebugLogger(false));
  return config as Record<string, any>;
}

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own configuration schema', async () => {
    await expect(loadConfig()).resolves.toBeTruthy();
  });

  it('is checked by that schema: a misspelt option fails it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kassa-builder-'));
    try {
      await writeFile(join(dir, 'bad.yml'), 'appId: x\nnsis:\n  oneClik: false\n');
      await expect(loadConfig(join(dir, 'bad.yml'))).rejects.toThrow(/configuration\.nsis/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('builds a per-machine NSIS installer with a wizard, AppImage and deb for Linux, and a dmg for macOS', async () => {
    const config = await loadConfig();
    expect(config.win.target).toEqual([{ target: 'nsis', arch: ['x64'] }]);
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: true });
    expect(config.linux.target.map((target: { target: string }) => target.target)).toEqual(['AppImage', 'deb']);
    expect(config.mac.target.map((target: { target: string }) => target.target)).toEqual(['dmg']);
  });

  it('packs the app into an asar with the native module unpacked, and only the bundles and the native module inside', async () => {
    const config = await loadConfig();
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(['node_modules/better-sqlite3/**/*']);
    // electron-builder reads the list as one file set.
    expect(config.files[0].filter).toEqual(expect.arrayContaining(['dist/main/**/*', 'renderer/dist/**/*', '!node_modules/**/*', 'node_modules/better-sqlite3/lib/**/*']));
  });

  it('flips the Electron fuses to their hardened settings', async () => {
    const config = await loadConfig();
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('publishes updates to a generic provider configured at build time', async () => {
    const config = await loadConfig();
    expect(config.publish).toEqual({ provider: 'generic', url: '${env.KASSA_UPDATE_URL}', channel: 'latest' });
  });
});

describe('electron-builder.yml: the per-workplace download and signing', () => {
  it('registers the kassa:// scheme and the .kassa provisioning file with the app', async () => {
    const config = await loadConfig();
    expect(config.protocols).toEqual([{ name: 'Kassa enrollment link', schemes: ['kassa'] }]);
    expect(config.fileAssociations).toEqual([expect.objectContaining({ ext: 'kassa', role: 'Viewer' })]);
  });

  it('has the NSIS installer copy the provisioning file beside it and register kassa:// for the machine', async () => {
    const config = await loadConfig();
    expect(config.nsis.include).toBe('build/installer.nsh');
    const script = await readFile(join(ROOT, 'build', 'installer.nsh'), 'utf8');
    expect(script).toContain('!macro customInstall');
    expect(script).toContain('CopyFiles /SILENT "$EXEDIR\\$0.kassa" "$INSTDIR\\provisioning.kassa"');
    expect(script).toContain('WriteRegStr SHCTX "Software\\Classes\\kassa" "URL Protocol" ""');
    expect(script).toContain('DeleteRegKey SHCTX "Software\\Classes\\kassa"');
  });

  it('signs: a publisher name whose signature updates must carry on Windows, hardened runtime and notarisation on macOS', async () => {
    const config = await loadConfig();
    expect(config.win.verifyUpdateCodeSignature).toBe(true);
    expect(config.win.signtoolOptions.publisherName).toBe('Kassa LLC');
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: true, entitlements: 'build/entitlements.mac.plist' });
    const entitlements = await readFile(join(ROOT, 'build', 'entitlements.mac.plist'), 'utf8');
    expect(entitlements.match(/<key>/g)).toHaveLength(1);
    expect(entitlements).toContain('com.apple.security.cs.allow-jit');
  });
});
