/** Public face of the operation catalogue. */
import { catalogue } from './all.js';
import type { OperationSpec } from './operation.js';

export { catalogue } from './all.js';
export * from './operation.js';

/** Every operationId of the catalogue, as a type. */
export type OperationId = (typeof catalogue)[number]['operationId'];

const byId = new Map<string, OperationSpec>(catalogue.map((entry) => [entry.operationId, entry]));

/** Looks an operation up by its id; undefined for names outside the catalogue (e.g. untrusted IPC input). */
export function findOperation(operationId: string): OperationSpec | undefined {
  return byId.get(operationId);
}
