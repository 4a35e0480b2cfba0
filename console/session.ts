/**
 * The signed-in owner's session: the access token and who it belongs to.
 *
 * Where the token lives (docs/console.md "Sign-in and the token"): in memory, and in this tab's sessionStorage so
 * that a reload keeps the session. sessionStorage is per origin *and* per tab — no page of another origin can read
 * it, and it dies with the tab — whereas localStorage outlives the tab and a cookie would be sent with requests the
 * console did not make. Never localStorage, never a cookie. The console runs no third-party script and its CSP
 * allows scripts from this origin's files only, which is what keeps page scripts away from the token.
 */

export interface SessionUser {
  readonly id: string;
  readonly login: string;
  readonly name: string;
  readonly role: string;
  readonly businessId?: string;
}

export interface Session {
  readonly token: string;
  readonly user: SessionUser;
}

export const SESSION_KEY = 'kassa.console.session';

/** The storage a session is kept in: the tab's sessionStorage in the browser, a Map-backed fake in tests. */
export type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function loadSession(storage: SessionStorageLike | undefined): Session | undefined {
  try {
    const text = storage?.getItem(SESSION_KEY);
    if (!text) return undefined;
    const value = JSON.parse(text) as Partial<Session>;
    if (typeof value.token !== 'string' || !value.user || typeof value.user.id !== 'string') return undefined;
    return value as Session;
  } catch {
    return undefined;
  }
}

export function saveSession(storage: SessionStorageLike | undefined, session: Session | undefined): void {
  try {
    if (session) storage?.setItem(SESSION_KEY, JSON.stringify(session));
    else storage?.removeItem(SESSION_KEY);
  } catch {
    // Storage refused (private mode, quota): the session then lives in memory only, until the tab reloads.
  }
}

/** The user fields of a login or profile answer (`userWire`: id, login, full_name, role, business_id). */
export function sessionUser(wire: Record<string, unknown>): SessionUser {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const businessId = text(wire.business_id) || text(wire.businessId);
  return {
    id: text(wire.id),
    login: text(wire.login),
    name: text(wire.full_name) || text(wire.login),
    role: text(wire.role),
    ...(businessId ? { businessId } : {}),
  };
}
