/**
 * In tests only: every operation's answer is checked against its output schema (shared/catalogue/outputs/), so the
 * whole suite proves the schemas the renderer's bridge is typed from. The check sits where a result leaves its
 * handler — the domain handlers of app/ (on the service and in the terminal core alike, through `handler()`) and
 * the service's platform handlers (through `registerCatalogueRoutes`) — and looks at the result's wire form
 * (what JSON carries). It never changes what is returned or sent: it only reads and remembers.
 *
 * A missing, renamed or mistyped field (a float where money belongs, a Date where text belongs) fails the test
 * that produced it, in an afterEach; a field the schema does not name is printed once per operation and file
 * (KASSA_OUTPUT_CHECK=strict fails on those too). KASSA_OUTPUT_CHECK=off turns the check off.
 */
import { afterEach, vi } from 'vitest';
import type { OperationId } from '../../shared/catalogue/index.js';
import { problemsOf, type OutputProblems } from './output-problems.js';

const mode = process.env.KASSA_OUTPUT_CHECK ?? 'on';
const failures: string[] = [];
const reportedExtras = new Set<string>();

function check(operationId: string, result: unknown): void {
  if (mode === 'off') return;
  let found: OutputProblems;
  try {
    found = problemsOf(operationId as OperationId, result);
  } catch (error) {
    failures.push(`${operationId}: the output check itself failed: ${String(error)}`);
    return;
  }
  for (const line of found.wrong) failures.push(`${operationId}: ${line}`);
  for (const line of found.extra) {
    if (mode === 'strict') failures.push(`${operationId}: ${line}`);
    else if (!reportedExtras.has(`${operationId} ${line}`)) {
      reportedExtras.add(`${operationId} ${line}`);
      console.warn(`[output check] ${operationId}: ${line}`);
    }
  }
}

afterEach(() => {
  if (failures.length === 0) return;
  const lines = failures.splice(0);
  throw new Error(`An operation answered outside its output schema (shared/catalogue/outputs/):\n${[...new Set(lines)].slice(0, 20).join('\n')}`);
});

type AnyRun = (...args: unknown[]) => Promise<unknown>;

vi.mock('../../app/operation.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../app/operation.js')>();
  const handler = (operationId: OperationId, run: AnyRun, options?: Parameters<typeof original.handler>[2]) =>
    original.handler(
      operationId,
      (async (...args: unknown[]) => {
        const result = await run(...args);
        check(operationId, result);
        return result;
      }) as never,
      options,
    );
  return { ...original, handler: handler as typeof original.handler };
});

vi.mock('../../server/routes.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/routes.js')>();
  type Platform = Parameters<typeof original.registerCatalogueRoutes>[2][number];
  const checked = (definition: Platform): Platform => ({
    ...definition,
    run: async (...args: Parameters<Platform['run']>) => {
      const result = await definition.run(...args);
      check(definition.operationId, result);
      return result;
    },
  });
  const register: typeof original.registerCatalogueRoutes = (app, services, platformHandlers, ...rest) =>
    original.registerCatalogueRoutes(app, services, platformHandlers.map(checked), ...rest);
  return { ...original, registerCatalogueRoutes: register };
});
