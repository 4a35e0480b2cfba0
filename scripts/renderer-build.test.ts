import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rendererBuildReason } from './renderer-build.js';

function checkout(): string {
  const root = mkdtempSync(join(tmpdir(), 'kassa-renderer-build-'));
  for (const dir of ['renderer/screens', 'renderer/dist', 'shared']) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'renderer/screens/App.tsx'), '');
  writeFileSync(join(root, 'shared/decimal.ts'), '');
  writeFileSync(join(root, 'package-lock.json'), '{}');
  return root;
}

const at = (root: string, file: string, seconds: number) => utimesSync(join(root, file), seconds, seconds);

describe('when npm start builds the renderer', () => {
  it('builds when renderer/dist has no index.html', () => {
    expect(rendererBuildReason(checkout())).toBe('renderer/dist is missing');
  });

  it('builds when a renderer or shared source is newer than the build, and not otherwise', () => {
    const root = checkout();
    writeFileSync(join(root, 'renderer/dist/index.html'), '');
    for (const file of ['renderer/screens/App.tsx', 'shared/decimal.ts', 'package-lock.json']) at(root, file, 1_000);
    at(root, 'renderer/dist/index.html', 2_000);
    expect(rendererBuildReason(root)).toBeUndefined();
    at(root, 'shared/decimal.ts', 3_000);
    expect(rendererBuildReason(root)).toBe('its sources changed since it was built');
    at(root, 'shared/decimal.ts', 1_000);
    at(root, 'renderer/screens/App.tsx', 3_000);
    expect(rendererBuildReason(root)).toBe('its sources changed since it was built');
  });

  it('ignores the build output itself', () => {
    const root = checkout();
    writeFileSync(join(root, 'renderer/dist/index.html'), '');
    writeFileSync(join(root, 'renderer/dist/app.js'), '');
    for (const file of ['renderer/screens/App.tsx', 'shared/decimal.ts', 'package-lock.json']) at(root, file, 1_000);
    at(root, 'renderer/dist/index.html', 2_000);
    at(root, 'renderer/dist/app.js', 5_000);
    expect(rendererBuildReason(root)).toBeUndefined();
  });
});
