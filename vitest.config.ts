import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every operation's answer is checked against its output schema (shared/catalogue/outputs/), test by test.
    setupFiles: ['test/setup/output-check.ts'],
    include: ['{shared,db,app,server,test,scripts}/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'console/**/*.test.{ts,tsx}'],
    // Service tests start real servers against real databases; give them room on a 2-core machine. On PostgreSQL a
    // test database's replication slot (db/change-capture.ts) is created only once every transaction running in the
    // whole cluster has ended — another test file's included — which has taken beyond 30 s under CI's load.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    sequence: { shuffle: false },
  },
});
