/**
 * Errors an operation reports to its caller. The HTTP layer turns them into the reference's error body
 * `{statusCode, timestamp, path, message, detail}`; the terminal shows the same message. Anything that is not
 * an OperationError is an internal fault: logged, and answered as a bare 500 with no internals.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 426 | 429 | 500 | 501 | 502 | 503;

export class OperationError extends Error {
  constructor(
    readonly statusCode: ErrorStatus,
    readonly reason: string | string[],
    readonly detail: unknown = null,
  ) {
    super(Array.isArray(reason) ? reason.join('; ') : reason);
    this.name = 'OperationError';
  }
}

export const badRequest = (reason: string | string[], detail: unknown = null) => new OperationError(400, reason, detail);
export const unauthorized = (reason = 'Unauthorized') => new OperationError(401, reason);
export const forbidden = (reason = 'Forbidden resource', detail: unknown = null) => new OperationError(403, reason, detail);
export const notFound = (reason: string) => new OperationError(404, reason);
export const conflict = (reason: string, detail: unknown = null) => new OperationError(409, reason, detail);
export const notImplemented = (operationId: string) =>
  new OperationError(501, `${operationId} is not implemented yet`);
