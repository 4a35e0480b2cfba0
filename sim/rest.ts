/** Plain JSON over HTTP for the harness (world building, back-office writes), with a timeout. */

export interface RestAnswer {
  readonly status: number;
  readonly body: any;
}

export class RestFailed extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

export async function rest(baseUrl: string, token: string | null, method: string, path: string, body?: unknown, timeoutMs = 15_000): Promise<RestAnswer> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: kept as text.
  }
  return { status: response.status, body: parsed };
}

/** A request that must succeed with `expected`; returns the body. */
export async function restOk(baseUrl: string, token: string | null, method: string, path: string, body?: unknown, expected = method === 'POST' ? 201 : 200): Promise<any> {
  const answer = await rest(baseUrl, token, method, path, body);
  if (answer.status !== expected) throw new RestFailed(answer.status, answer.body, `${method} ${path}`);
  return answer.body;
}
