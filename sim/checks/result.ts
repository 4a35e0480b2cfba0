/** What a checker answers (./checkers.ts, ./disasters.ts): PASS, FAIL with the first counterexamples, or N/A. */
export interface CheckResult {
  readonly name: string;
  readonly status: 'PASS' | 'FAIL' | 'N/A';
  readonly summary: string;
  readonly details: readonly string[];
}
