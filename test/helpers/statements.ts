/**
 * The SQL texts PostgreSQL receives while `run` runs, counted at the driver (`pg.Client.prototype.query`): the
 * prepared-statement wrapper looks the prototype's query up on every call (db/prepared-statements.ts), so every
 * statement of every pooled client passes here. Statement counts are round trips, which bound a busy service.
 */
import pg from 'pg';

export async function statementsDuring<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const query = pg.Client.prototype.query;
  const statements: string[] = [];
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    statements.push(typeof first === 'string' ? first : (first.text ?? ''));
    return (query as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    return { result: await run(), statements };
  } finally {
    pg.Client.prototype.query = query;
  }
}
