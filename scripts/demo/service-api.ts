/**
 * The central service's HTTP API as a back office calls it: JSON to `${serviceUrl}/api/v1/...`, with the owner's
 * bearer token. A refusal becomes an error naming the call, the status and the service's own message — never the
 * token or the request body (which may hold a password or a PIN).
 */

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<Response>;

export class ServiceRefused extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${method} /api/v1${path} answered ${status}${detail ? `: ${detail}` : ''}`);
  }
}

export interface ServiceApi {
  readonly serviceUrl: string;
  /** A 2xx answer's JSON body; anything else throws ServiceRefused. */
  call<T = unknown>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    options?: { token?: string; body?: unknown },
  ): Promise<T>;
}

/** The service's `message` (a string, or one line per validation problem), for the error. */
function refusalDetail(text: string): string {
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    if (Array.isArray(message)) return message.map(String).join('; ');
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: fall through to nothing, rather than echo an arbitrary body
  }
  return '';
}

export function serviceApi(serviceUrl: string, fetchImpl: FetchLike = fetch): ServiceApi {
  return {
    serviceUrl,
    async call<T>(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
      const headers: Record<string, string> = {};
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetchImpl(`${serviceUrl}/api/v1${path}`, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      const text = await response.text();
      if (response.status < 200 || response.status > 299)
        throw new ServiceRefused(method, path, response.status, refusalDetail(text));
      return (text ? JSON.parse(text) : null) as T;
    },
  };
}
