/**
 * How the terminal core reaches the service: a JSON POST with a deadline (the fault harness and tests put their own
 * transport in its place), and what a refusal says.
 */
export interface HttpAnswer {
  readonly status: number;
  readonly text: string;
  /** The answer's Retry-After header, when it has one: a busy service (503, 429) says when to try again. */
  readonly retryAfter?: string | null;
}

/**
 * How long the service may take (docs/sync.md, "Deadlines"): `answerMs` until its answer starts (status and
 * headers) — past it the service is "not answering" — and `bodyMs` more to read the answer, which may be a large
 * pull page or bootstrap page on a slow line.
 */
export interface Deadline {
  readonly answerMs: number;
  readonly bodyMs: number;
}

/** Push, pull and enroll: a working service answers in well under a second; 15 s means it is not answering. */
export const CALL_DEADLINE: Deadline = { answerMs: 15_000, bodyMs: 120_000 };
/** Bootstrap pages: the first reads every table's count in one snapshot, which takes longer on a big business. */
export const BOOTSTRAP_DEADLINE: Deadline = { answerMs: 60_000, bodyMs: 300_000 };

/** How the core reaches the service: a JSON POST (the harness puts a fault-injecting proxy behind it). */
export type Transport = (url: string, body: unknown, token: string | null, deadline?: Deadline) => Promise<HttpAnswer>;

/** The service accepted the connection and did not answer within the deadline (frozen, overloaded, a hung proxy). */
export class ServiceNotAnswering extends Error {
  constructor(readonly afterMs: number) {
    super(`the service did not answer within ${afterMs / 1000} s`);
    this.name = 'ServiceNotAnswering';
  }
}

export const fetchTransport: Transport = async (url, body, token, deadline = CALL_DEADLINE) => {
  // Every call has a deadline: without one a frozen service looked like "Syncing…" forever (issue 14, item 5).
  const answerTimer = AbortSignal.timeout(deadline.answerMs);
  const aborter = new AbortController();
  const forward = () => aborter.abort(answerTimer.reason);
  answerTimer.addEventListener('abort', forward, { once: true });
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
        signal: aborter.signal,
      });
    } catch (error) {
      if (answerTimer.aborted) throw new ServiceNotAnswering(deadline.answerMs);
      throw error;
    }
    // The answer has started: from here the body has its own, longer deadline.
    answerTimer.removeEventListener('abort', forward);
    const bodyTimer = AbortSignal.timeout(deadline.bodyMs);
    bodyTimer.addEventListener('abort', () => aborter.abort(bodyTimer.reason), { once: true });
    try {
      return { status: response.status, text: await response.text(), retryAfter: response.headers.get('retry-after') };
    } catch (error) {
      if (bodyTimer.aborted) throw new ServiceNotAnswering(deadline.bodyMs);
      throw error;
    }
  } finally {
    answerTimer.removeEventListener('abort', forward);
  }
};

export class SyncRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    /** How long the service asked to be left alone (its Retry-After), in ms, or null. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`the service answered ${status}`);
  }

  static of(answer: HttpAnswer): SyncRefused {
    return new SyncRefused(answer.status, answer.text, retryAfterMs(answer.retryAfter));
  }
}

/** A Retry-After header in ms: delay-seconds, or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

