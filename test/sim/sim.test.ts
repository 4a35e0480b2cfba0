/**
 * The fault harness in CI: a few short seeds (3 terminals, 12 s of faults each) on both service engines, every
 * checker must pass; and the naive timestamp/whole-row protocol, through the same workload and faults, must be
 * caught losing stock and debt. Longer runs and their results: docs/sync.md, "The fault harness".
 */
import { describe, expect, it } from 'vitest';
import { formatReport } from '../../sim/run.js';
import { runSimulation, type SimOptions } from '../../sim/simulation.js';
import { testEngines } from '../helpers/databases.js';

const SHORT: Omit<SimOptions, 'seed' | 'server' | 'protocol'> = {
  terminals: 3,
  durationS: 12,
  opsPerSecond: 4,
  faults: true,
  drainBoundMs: 60_000,
  keep: false,
  log: () => undefined,
};

describe.each(await testEngines())('the fault harness against a %s service', (server) => {
  for (const seed of [101, 202]) {
    it(`seed ${seed}: partitions, lost answers, duplicates, kills, a service restart and a restore lose and double nothing`, async () => {
      const report = await runSimulation({ ...SHORT, seed, server, protocol: 'core' });
      const summary = formatReport(report);
      expect(report.checks.filter((check) => check.status !== 'PASS').map((check) => check.name), summary).toEqual([]);
      expect(report.checks).toHaveLength(10);
      expect(report.operations.ok, summary).toBeGreaterThan(60);
      expect(report.faults.length, summary).toBeGreaterThanOrEqual(4);
    }, 240_000);
  }
});

describe('the naive protocol through the same harness', () => {
  it('loses stock and debt that our protocol keeps (the checkers catch it)', async () => {
    const report = await runSimulation({ ...SHORT, seed: 101, server: 'sqlite', protocol: 'naive' });
    const summary = formatReport(report);
    const failed = report.checks.filter((check) => check.status === 'FAIL').map((check) => check.name);
    expect(failed, summary).toEqual(expect.arrayContaining(['conservation (ledger)', 'conservation (model)']));
    expect(report.passed).toBe(false);
  }, 240_000);
});
