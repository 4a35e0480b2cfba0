import { describe, expect, it } from 'vitest';
import { summarise, unhandledErrors, type VitestReport } from './ci-summary.js';

const root = '/work/kassa';

function report(testResults: VitestReport['testResults'], counts: Partial<VitestReport> = {}): VitestReport {
  return { numTotalTests: 3, numPassedTests: 2, numFailedTests: 1, testResults, ...counts };
}

describe('the CI summary printed at the end of the log', () => {
  it('names each failed test by its file and full name, with the start of its message, then the counts', () => {
    const { lines, passed } = summarise(
      report([
        {
          name: `${root}/test/server/a.test.ts`,
          status: 'failed',
          assertionResults: [
            { fullName: 'pull serves the write', status: 'failed', failureMessages: ['AssertionError: expected 1 to be 2\n    at a.test.ts:10'] },
            { fullName: 'pull pages', status: 'passed' },
          ],
        },
        { name: `${root}/test/server/b.test.ts`, status: 'passed', assertionResults: [{ fullName: 'b', status: 'passed' }] },
      ]),
      root,
    );
    expect(passed).toBe(false);
    expect(lines).toEqual([
      'FAILED test/server/a.test.ts > pull serves the write',
      '    AssertionError: expected 1 to be 2',
      '        at a.test.ts:10',
      'tests: 2 passed, 1 failed',
    ]);
  });

  it('names a file that failed without a failed test (a hook or its loading), and cuts a long message', () => {
    const message = Array.from({ length: 20 }, (_, index) => `line ${index}`).join('\n');
    const { lines, passed } = summarise(
      report([{ name: `${root}/test/c.test.ts`, status: 'failed', message, assertionResults: [] }], { numFailedTests: 0, numPassedTests: 3 }),
      root,
    );
    expect(passed).toBe(false);
    expect(lines[0]).toBe('FAILED test/c.test.ts (the file itself)');
    expect(lines.filter((line) => line.startsWith('    line'))).toHaveLength(8);
  });

  it('passes a run with no failure, and fails one in which no test ran', () => {
    expect(summarise(report([], { numFailedTests: 0, numPassedTests: 3 }), root)).toEqual({ lines: ['tests: 3 passed, 0 failed'], passed: true });
    expect(summarise(report([], { numTotalTests: 0, numPassedTests: 0, numFailedTests: 0 }), root).passed).toBe(false);
  });
});

describe('the errors outside any test, read from vitest’s output', () => {
  it('keeps the Unhandled Errors part, without colours, up to the closing counts', () => {
    const output = [
      ' ✓ test/a.test.ts (3 tests) 10ms',
      '',
      '\u001b[31m⎯⎯⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯⎯⎯\u001b[39m',
      'Vitest caught 1 unhandled error during the test run.',
      '⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯',
      'Error: Connection terminated unexpectedly',
      'This error originated in "test/server/query.test.ts" test file.',
      '',
      ' Test Files  1 passed (1)',
      '      Tests  3 passed (3)',
    ].join('\n');
    expect(unhandledErrors(output)).toEqual([
      '⎯⎯⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯⎯⎯',
      'Vitest caught 1 unhandled error during the test run.',
      '⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯',
      'Error: Connection terminated unexpectedly',
      'This error originated in "test/server/query.test.ts" test file.',
      '',
    ]);
  });

  it('is empty for a run without them', () => {
    expect(unhandledErrors(' ✓ test/a.test.ts (3 tests) 10ms\n Test Files  1 passed (1)\n')).toEqual([]);
  });
});
