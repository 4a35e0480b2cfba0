// Prints the unit suite's result as the last lines of a CI run (.ci/run): each failed test with the start of its
// message, then the counts. Why at the end: a CI log is often read from its tail only, and vitest prints its failures
// long before the end-to-end suite, lint and typecheck finish.
//
//   npx tsx scripts/ci-summary.ts <vitest JSON report> <vitest's output> <vitest's exit code>
//
// Exit 1 when a test failed, none ran, or vitest failed with every test passed: an unhandled error or rejection
// during the run (vitest exits 1, while its JSON report still says success), or a worker that died. The output's
// "Unhandled Errors" part is then printed, since the report does not hold it.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The part of vitest's JSON report (Jest's format) that the summary reads. */
export interface VitestReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  testResults?: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults?: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
  }>;
}

const messageLinesShown = 8;
const unhandledLinesShown = 80;

/** The summary's lines, and whether the run passed. A file that failed with no failed test (it could not load, or a
 *  hook failed) is named as the file. */
export function summarise(report: VitestReport, root: string): { lines: string[]; passed: boolean } {
  const failures: Array<{ name: string; message: string }> = [];
  for (const file of report.testResults ?? []) {
    const path = file.name.startsWith(root + '/') ? file.name.slice(root.length + 1) : file.name;
    const tests = file.assertionResults ?? [];
    for (const test of tests) {
      if (test.status === 'failed') failures.push({ name: `${path} > ${test.fullName}`, message: (test.failureMessages ?? []).join('\n') });
    }
    if (file.status === 'failed' && !tests.some((test) => test.status === 'failed')) {
      failures.push({ name: `${path} (the file itself)`, message: file.message ?? '' });
    }
  }
  const lines: string[] = [];
  for (const { name, message } of failures) {
    lines.push(`FAILED ${name}`);
    for (const line of message.split('\n').slice(0, messageLinesShown)) lines.push(`    ${line}`);
  }
  lines.push(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  if (report.numTotalTests === 0) lines.push('no test ran');
  return { lines, passed: failures.length === 0 && report.numTotalTests > 0 };
}

/** The part of vitest's printed output that tells what failed outside any test: from its "Unhandled Errors" heading
 *  to its closing counts, without colours. Empty when it has none. */
export function unhandledErrors(output: string): string[] {
  // eslint-disable-next-line no-control-regex -- the colour codes are control characters by definition
  const lines = output.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findIndex((line) => /⎯ Unhandled Error/.test(line));
  if (start < 0) return [];
  const end = lines.findIndex((line, index) => index > start && /^\s*Test Files\s/.test(line));
  return lines.slice(start, end < 0 ? undefined : end).slice(0, unhandledLinesShown);
}

function main(reportPath: string | undefined, outputPath: string | undefined, exitCode: string | undefined): number {
  if (!reportPath || !outputPath || exitCode === undefined) {
    console.log("usage: tsx scripts/ci-summary.ts <vitest JSON report> <vitest's output> <vitest's exit code>");
    return 1;
  }
  let output = '';
  try {
    output = readFileSync(outputPath, 'utf8');
  } catch (error) {
    console.log(`tests: vitest's output ${outputPath} could not be read (${(error as Error).message})`);
  }
  for (const line of unhandledErrors(output)) console.log(line);
  let report: VitestReport;
  try {
    report = JSON.parse(readFileSync(reportPath, 'utf8')) as VitestReport;
  } catch (error) {
    console.log(`tests: the report ${reportPath} could not be read (${(error as Error).message})`);
    return 1;
  }
  const { lines, passed } = summarise(report, process.cwd());
  for (const line of lines) console.log(line);
  if (passed && exitCode !== '0') {
    console.log(`tests: every test passed, yet vitest exited with ${exitCode} (an error outside the tests: see "Unhandled Errors" above, or in its output)`);
    return 1;
  }
  return passed ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main(process.argv[2], process.argv[3], process.argv[4]);
