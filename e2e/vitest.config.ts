import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The end-to-end suite (`npm run e2e`): one file at a time, a real browser, generous timeouts. */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
    fileParallelism: false,
    sequence: { shuffle: false },
  },
});
