/**
 * The SQL texts PostgreSQL receives while `run` runs, counted at the driver (`pg.Client.prototype.query`): the
 * prepared-statement wrapper looks the prototype's query up on every call (db/prepared-statements.ts), so every
 * statement of every pooled client passes here. Statement counts are round trips, which bound a busy service.
 * Pokes' announcements to other instances (`select pg_notify`, server/sync/pokes-listener.ts) go out on the
 * listener's own connection after the answer, off every request's path: they are not counted.
 */
import pg from 'pg';

export async function statementsDuring<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const query = pg.Client.prototype.query;
  const statements: string[] = [];
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first.text ?? '');
    // The change capture consumer's own connections (server/capture/) are not a request's round trips, nor is a
    // write's announcement to other instances.
    if (!(this as { isCaptureConsumer?: boolean }).isCaptureConsumer && !text.startsWith('select pg_notify(')) statements.push(text);
    return (query as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    return { result: await run(), statements };
  } finally {
    pg.Client.prototype.query = query;
  }
}

/**
 * A till's credential check (server/auth/principal.ts). It is cached for 5 s, not made per request: on a loaded
 * machine the cache can expire between two of a test's calls, and its lookup is then that request's. A test that
 * counts a sync call's own statements leaves it out.
 */
export const isTillCredentialCheck = (statement: string) => /^select "workplace_id", "enrollment_code_id"/.test(statement);
