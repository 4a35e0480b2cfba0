/**
 * Which operations the renderer may invoke, and the validation of their input in main, before anything reaches
 * the terminal core. A catalogue operation's input is checked by the one pipeline's validation (app/pipeline.ts,
 * `checkInput`, in the renderer envelope's strict form), once: its exact values travel on with the call, so the
 * core does not validate it again.
 *
 * Allowed: the catalogue operations a terminal answers from its own store — every entry whose offline class is
 * not `online-only` (documents, amendments, absolute edits, descriptive edits, deletes, reads) and which a tenant
 * role may call — plus the terminal's own operations (`TERMINAL_OPERATIONS`). Refused: `online-only` entries
 * (registration and logins, user and second-factor management, logs, reporting SQL, the chats), platform
 * administration (`SUPERADMIN`) and the sync protocol itself (`TERMINAL`): those are the core's business with the
 * service, never the renderer's. Which role may call an allowed operation is checked by the core against the
 * signed-in employee, exactly as the service checks a token.
 */
import { z } from 'zod';
import { catalogue, type OperationId } from '../../shared/catalogue/index.js';
import { TENANT_ROLES, type OperationSpec } from '../../shared/catalogue/operation.js';
import { validate } from '../../shared/validation.js';
import type { OperationInput } from '../../app/operation.js';
import { checkInput } from '../../app/pipeline.js';
import { TERMINAL_OPERATIONS, type TerminalOperationName } from '../../shared/terminal-contract.js';
import { RpcFailure } from './errors.js';
import { terminalOperationInputs } from './terminal-rpc.js';

/** True for a catalogue entry the renderer may invoke on the terminal (see the module comment). */
export function isBridgeCatalogueOperation(spec: OperationSpec): boolean {
  if (spec.offline === 'online-only' || spec.access === 'public') return false;
  return spec.access.some((role) => TENANT_ROLES.includes(role)) && !spec.access.some((role) => role === 'SUPERADMIN' || role === 'TERMINAL');
}

const catalogueOperations = new Map<string, OperationSpec>(
  (catalogue as readonly OperationSpec[]).filter(isBridgeCatalogueOperation).map((spec) => [spec.operationId, spec]),
);
const terminalOperations: ReadonlySet<string> = new Set(TERMINAL_OPERATIONS);

/** Every name the bridge accepts, sorted (documentation and tests). */
export function bridgeOperationNames(): string[] {
  return [...catalogueOperations.keys(), ...TERMINAL_OPERATIONS].sort();
}

/** A catalogue operation's input as the renderer sends it: the parts of an HTTP request, as JSON values. */
export interface CatalogueInput {
  readonly params: Readonly<Record<string, string>>;
  readonly query?: unknown;
  readonly body?: unknown;
}

const Envelope = z.strictObject(
  {
    params: z.record(z.string(), z.unknown(), { error: 'must be an object' }).optional(),
    query: z.unknown().optional(),
    body: z.unknown().optional(),
  },
  { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object') },
);

/** A catalogue call's input as forwarded to the core, with its exact values (decimals as scaled units). */
interface CheckedCatalogueInput {
  readonly wire: CatalogueInput;
  readonly checked: OperationInput<OperationId>;
}

function checkCatalogueInput(spec: OperationSpec, input: unknown): CheckedCatalogueInput {
  const envelope = validate(Envelope, input ?? {});
  if (!envelope.ok) throw new RpcFailure(400, envelope.problems);
  const { params = {}, query, body } = envelope.value;
  const result = checkInput(spec, { params, query, body }, true);
  // No record has such an id (NUL, over-long): unknown, as the service answers.
  if (!result.ok && result.unknownId) throw new RpcFailure(404, 'Not found');
  if (!result.ok) throw new RpcFailure(400, [...result.problems.params, ...result.problems.query, ...result.problems.body]);
  const wire = {
    params: result.input.params,
    ...(spec.query && query !== undefined ? { query } : {}),
    ...(spec.body ? { body: body ?? {} } : {}),
  };
  return { wire, checked: result.input };
}

/** Validates a catalogue operation's input with the entry's own schemas; returns the wire form to forward. */
export function validateCatalogueInput(spec: OperationSpec, input: unknown): CatalogueInput {
  return checkCatalogueInput(spec, input).wire;
}

export interface BridgeCall {
  readonly operation: string;
  readonly input: unknown;
}

/**
 * A checked call, with the exact values of the catalogue input it carries (a catalogue operation's, or an edited
 * inbox entry's) for the core, so the core does not validate them again.
 */
export interface CheckedBridgeCall extends BridgeCall {
  readonly checked?: OperationInput<OperationId>;
}

function checkTerminalInput(operation: TerminalOperationName, input: unknown): { input: unknown; checked?: OperationInput<OperationId> } {
  const result = validate(terminalOperationInputs[operation], input);
  if (!result.ok) throw new RpcFailure(400, result.problems);
  if (operation !== 'terminal.inboxResubmit' && operation !== 'terminal.runApproved') return { input: result.value };
  // The edited (or approved) input must pass the schema of the operation it is for, like any direct call.
  const edited = result.value as { operation: string; input: unknown };
  const spec = catalogueOperations.get(edited.operation);
  if (!spec) throw new RpcFailure(400, ['operation must be an operation the terminal runs']);
  try {
    const { wire, checked } = checkCatalogueInput(spec, edited.input);
    return { input: { ...edited, input: wire }, checked };
  } catch (error) {
    if (error instanceof RpcFailure && error.statusCode === 400) {
      const lines = typeof error.reason === 'string' ? [error.reason] : error.reason;
      throw new RpcFailure(400, lines.map((line) => `input.${line}`));
    }
    throw error;
  }
}

/**
 * Checks one call from the renderer: the name must be on the allow-list (else 404, as for an unknown route) and
 * the input must pass the operation's schema (else 400, one line per problem, naming the field). Returns what
 * the core receives: the input in its wire form and, for a catalogue operation, its checked values.
 */
export function checkBridgeCall(operation: unknown, input: unknown): CheckedBridgeCall {
  if (typeof operation !== 'string') throw new RpcFailure(400, ['operation must be a string']);
  if (terminalOperations.has(operation)) {
    return { operation, ...checkTerminalInput(operation as TerminalOperationName, input) };
  }
  const spec = catalogueOperations.get(operation);
  if (!spec) throw new RpcFailure(404, `Unknown operation ${JSON.stringify(operation.slice(0, 100))}`);
  const { wire, checked } = checkCatalogueInput(spec, input);
  return { operation, input: wire, checked };
}

/** `checkBridgeCall` without the checked values: what the renderer's call becomes on the wire. */
export function validateBridgeCall(operation: unknown, input: unknown): BridgeCall {
  const { operation: name, input: wire } = checkBridgeCall(operation, input);
  return { operation: name, input: wire };
}
