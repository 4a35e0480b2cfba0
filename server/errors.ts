/**
 * The reference's error body, for every failure: `{statusCode, timestamp, path, message, detail}`.
 * Internals never leave the process: library and database errors are logged with the request id and answered
 * with a bare message (the reference leaked SQL and stack traces, S13).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OperationError } from '../shared/errors.js';
import { RETRY_AFTER_SECONDS, transientFailure } from '../db/transient.js';

export interface ErrorBody {
  statusCode: number;
  timestamp: string;
  path: string;
  message: string | string[];
  detail: unknown;
}

export function errorBody(request: FastifyRequest, statusCode: number, message: string | string[], detail: unknown = null): ErrorBody {
  return { statusCode, timestamp: new Date().toISOString(), path: request.url, message, detail };
}

/** A unique-index violation on either engine: a conflict with an existing record, not a server fault. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

const TRANSIENT_MESSAGES = {
  conflict: 'The service is busy with other changes to the same records; send the request again',
  unavailable: 'The service cannot reach its database just now; send the request again',
} as const;

function classify(error: unknown): { status: number; message: string | string[]; detail: unknown } | null {
  if (error instanceof OperationError) return { status: error.statusCode, message: error.reason, detail: error.detail };
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: 'Request body is too large', detail: null };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Content-Type must be application/json', detail: null };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'Body must not be empty when Content-Type is application/json', detail: null };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'Body is not valid JSON', detail: null };
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) return { status: 400, message: 'Body is not valid JSON', detail: null };
  // A conflict the transactor's own retries did not get past, or a database out of reach: the same request will
  // succeed when sent again, so it is a 503 saying when (db/transient.ts), never a 500. First: one unique index (a
  // push's operation stored by another queue at the same moment) is such a conflict.
  const transient = transientFailure(error);
  if (transient) return { status: 503, message: TRANSIENT_MESSAGES[transient], detail: { code: transient === 'conflict' ? 'BUSY' : 'UNAVAILABLE', retryAfterSeconds: RETRY_AFTER_SECONDS[transient] } };
  if (isUniqueViolation(error)) return { status: 409, message: 'A record with the same unique key already exists', detail: null };
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { status: fastifyError.statusCode, message: 'Bad request', detail: null };
  }
  return null;
}

export function installErrorHandling(app: FastifyInstance): void {
  // Bodies are JSON only (docs/api.md): without this, Fastify's built-in text/plain parser hands the text to
  // validation, which answers 400 "must be an object" where every other non-JSON type gets the documented 415.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const known = classify(error);
    if (known) {
      const retryAfter = (known.detail as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
      if ((known.status === 429 || known.status === 503) && typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      if (known.status >= 500 && known.status !== 501) request.log.warn({ err: error }, 'operation failed');
      return reply.code(known.status).send(errorBody(request, known.status, known.message, known.detail));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(request, 500, 'Internal server error'));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    return reply.code(404).send(errorBody(request, 404, `Cannot ${request.method} ${path}`));
  });
}
