/**
 * The console's one way to the service: a call of a public operation by its operationId, turned into method + URL
 * by the catalogue (shared/catalogue/request.ts) and sent to this same origin with the session's bearer token.
 * There is no other endpoint and no private back door: what the console can do, any API client can.
 *
 * A refusal becomes an ApiError: its kind (offline, unauthorized, invalid, …), the service's lines, and the lines
 * split into a field (the body's dotted path the service named) and the problem — shown in the user's language by
 * lib/problems.ts. A 401 on a signed-in call also tells the session (onUnauthorized), which signs out.
 */
import { operationRequest, type CatalogueOperationId, type OperationCall } from '../shared/catalogue/request.js';

export type ApiErrorKind = 'offline' | 'unauthorized' | 'forbidden' | 'notFound' | 'conflict' | 'tooMany' | 'invalid' | 'service';

/** One line of the service's refusal; `field` when the line names a field of the request ("login must be …"). */
export interface Problem {
  readonly field?: string;
  readonly text: string;
}

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    readonly problems: readonly Problem[],
    readonly retryAfterSeconds?: number,
  ) {
    super(problems.map((problem) => (problem.field ? `${problem.field} ${problem.text}` : problem.text)).join('; ') || kind);
    this.name = 'ApiError';
  }

  /** The problems naming `field` (or a field inside it: `items.0.price` is under `items`). */
  forField(field: string): readonly Problem[] {
    return this.problems.filter((problem) => problem.field === field || problem.field?.startsWith(`${field}.`));
  }
}

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<Response>;

export interface ApiOptions {
  /** The session's access token, read at each call (undefined before sign-in). */
  readonly token: () => string | undefined;
  /** A signed-in call answered 401: the token expired or was revoked. */
  readonly onUnauthorized?: () => void;
  readonly fetch?: FetchLike;
}

export interface Api {
  /** The 2xx answer's JSON body (the wire shape of the operation, cast by the caller); a refusal throws ApiError. */
  call<Id extends CatalogueOperationId>(operationId: Id, call?: OperationCall<Id>): Promise<unknown>;
}

const KIND_BY_STATUS: Record<number, ApiErrorKind> = { 401: 'unauthorized', 403: 'forbidden', 404: 'notFound', 409: 'conflict', 429: 'tooMany' };

/**
 * "login must be at least 6 characters" → field `login`; "items.0.price must be …" → `items.0.price`;
 * "property zzz should not exist" → `zzz`. A line that does not start with a dotted name followed by a verb of the
 * validation vocabulary ("Invalid credentials", "Point not found") names no field.
 */
const FIELD_LINE = /^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*) ((?:must|should|is|has|cannot|contains|already|PIN kod) .*)$/;
const UNKNOWN_PROPERTY = /^(?:([A-Za-z0-9_.]+)\.)?property ([A-Za-z0-9_]+) should not exist$/;

export function parseProblem(line: string): Problem {
  const unknown = UNKNOWN_PROPERTY.exec(line);
  if (unknown) return { field: unknown[1] ? `${unknown[1]}.${unknown[2]}` : (unknown[2] as string), text: 'should not exist' };
  const named = FIELD_LINE.exec(line);
  if (named) return { field: named[1] as string, text: named[2] as string };
  return { text: line };
}

function problemsOf(body: unknown): Problem[] {
  const message = (body as { message?: unknown } | null)?.message;
  const lines = Array.isArray(message) ? message.map(String) : typeof message === 'string' ? [message] : [];
  return lines.map(parseProblem);
}

function retryAfter(response: Response, body: unknown): number | undefined {
  const header = Number(response.headers.get('retry-after'));
  if (Number.isFinite(header) && header > 0) return header;
  const detail = (body as { detail?: { retryAfterSeconds?: unknown } } | null)?.detail?.retryAfterSeconds;
  return typeof detail === 'number' ? detail : undefined;
}

export function createApi(options: ApiOptions): Api {
  const send: FetchLike = options.fetch ?? ((url, init) => fetch(url, { ...init, credentials: 'same-origin' }));
  return {
    async call(operationId, call) {
      const request = operationRequest(operationId, call);
      const headers: Record<string, string> = { accept: 'application/json' };
      const token = options.token();
      if (token) headers.authorization = `Bearer ${token}`;
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await send(request.url, { method: request.method, headers, ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }) });
      } catch {
        throw new ApiError('offline', 0, []);
      }
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      if (response.ok) return body;
      if (response.status === 401 && token) options.onUnauthorized?.();
      const kind: ApiErrorKind = KIND_BY_STATUS[response.status] ?? (response.status >= 500 ? 'service' : 'invalid');
      throw new ApiError(kind, response.status, problemsOf(body), kind === 'tooMany' ? retryAfter(response, body) : undefined);
    },
  };
}
