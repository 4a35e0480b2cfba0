/**
 * How failures cross the shell's boundaries (worker → main → renderer): as `{statusCode, message}` only (and a
 * missing right's name, so the till can say it in its language). An
 * error that does not carry a status of its own is an internal fault: the renderer gets a bare 500, and the
 * details stay in the local log.
 */
import { isRight } from '../../shared/rights.js';
import type { RpcError } from '../../shared/terminal-contract.js';

/** An error with a status, thrown on the main side (e.g. the worker host's timeouts) and by cores. */
export class RpcFailure extends Error {
  readonly statusCode: number;
  readonly reason: string | readonly string[];

  constructor(statusCode: number, reason: string | readonly string[]) {
    super(typeof reason === 'string' ? reason : reason.join('; '));
    this.name = 'RpcFailure';
    this.statusCode = statusCode;
    this.reason = reason;
  }

  toJSON(): RpcError {
    return { statusCode: this.statusCode, message: this.reason };
  }
}

export const INTERNAL_ERROR: RpcError = { statusCode: 500, message: 'Internal error' };

const MAX_MESSAGE_LINES = 200;
const MAX_LINE_LENGTH = 2_000;

function isStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;
}

function cleanLines(value: unknown): string | string[] | undefined {
  if (typeof value === 'string') return value.slice(0, MAX_LINE_LENGTH);
  if (Array.isArray(value) && value.length > 0 && value.every((line) => typeof line === 'string')) {
    return value.slice(0, MAX_MESSAGE_LINES).map((line: string) => line.slice(0, MAX_LINE_LENGTH));
  }
  return undefined;
}

/**
 * The renderer-safe form of anything thrown. An error with an HTTP-like `statusCode` keeps it and its message
 * (`reason` first: `OperationError` keeps validation lines there); anything else becomes a bare 500. Stacks,
 * causes and other properties never cross.
 */
export function toRpcError(error: unknown): RpcError {
  if (typeof error !== 'object' || error === null) return INTERNAL_ERROR;
  const candidate = error as { statusCode?: unknown; reason?: unknown; message?: unknown; detail?: unknown };
  if (!isStatus(candidate.statusCode)) return INTERNAL_ERROR;
  const message = cleanLines(candidate.reason) ?? cleanLines(candidate.message) ?? 'Error';
  const missing = missingRight(candidate.detail);
  return missing === undefined ? { statusCode: candidate.statusCode, message } : { statusCode: candidate.statusCode, message, code: 'RIGHT_MISSING', right: missing };
}

/** The right a refusal names (app/security/rights.ts's `RIGHT_MISSING` detail): a right's name, nothing else. */
function missingRight(detail: unknown): string | undefined {
  if (typeof detail !== 'object' || detail === null) return undefined;
  const { code, right } = detail as { code?: unknown; right?: unknown };
  return code === 'RIGHT_MISSING' && typeof right === 'string' && isRight(right) ? right : undefined;
}

/** True for an error the renderer should see as-is (it carries a status); false for an internal fault. */
export function isExpectedError(error: unknown): boolean {
  return toRpcError(error) !== INTERNAL_ERROR;
}
