/**
 * `npm run e2e`: the end-to-end suite in Debian's Chromium. Builds the renderer and the owner's console if they are
 * missing or outdated, then runs vitest on e2e/*.e2e.ts. Without Chromium at /usr/bin/chromium (or KASSA_CHROMIUM) it skips with the
 * reason — except under CI=true, where a missing browser fails the run (CI installs it: .ci/run).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureConsoleBuilt } from '../scripts/console-build.js';
import { ensureRendererBuilt } from '../scripts/renderer-build.js';
import { ARTIFACTS, CHROMIUM, chromiumAvailable, ROOT } from './harness.js';

async function main(): Promise<number> {
  if (!chromiumAvailable()) {
    const reason = `Chromium is not installed at ${CHROMIUM} (apt-get install -y chromium)`;
    if (process.env.CI === 'true') {
      console.error(`e2e: ${reason}; CI=true requires it`);
      return 1;
    }
    console.log(`e2e skipped: ${reason}`);
    return 0;
  }
  await ensureRendererBuilt(ROOT, (line) => console.log(`e2e: ${line}`));
  await ensureConsoleBuilt(ROOT, (line) => console.log(`e2e: ${line}`));
  // This run's screenshots only.
  rmSync(ARTIFACTS, { recursive: true, force: true });
  const vitest = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--config',
      join(ROOT, 'e2e', 'vitest.config.ts'),
      ...process.argv.slice(2),
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  return vitest.status ?? 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
