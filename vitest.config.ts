import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every operation's answer is checked against its output schema (shared/catalogue/outputs/), test by test.
    setupFiles: ['test/setup/output-check.ts'],
    include: ['{shared,db,app,server,test,scripts}/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'console/**/*.test.{ts,tsx}'],
    // Service tests start real servers against real databases; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    sequence: { shuffle: false },
  },
});
