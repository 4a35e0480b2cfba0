/**
 * PostgreSQL: the statements this process runs often are sent as named prepared statements, so the server parses
 * and plans them once per connection instead of on every execution.
 *
 * Why: a profile of the fleet benchmark (bench/sync) showed half of PostgreSQL's CPU in parsing and planning —
 * kysely sends every statement unnamed, and our hot statements (a push's CTEs, a pull's opening) are costly to
 * plan. node-postgres prepares a statement when the query carries a `name`, once per connection, and afterwards
 * sends only Bind/Execute. PostgreSQL then picks between custom and generic plans itself (plan_cache_mode auto).
 *
 * Like pgjdbc's prepareThreshold, a text is prepared only once it has run PREPARE_AFTER times, and at most
 * MAX_PREPARED texts are (each costs memory on every connection); statements without parameters — transaction
 * control, DDL — are left alone.
 */
import type pg from 'pg';

const PREPARE_AFTER = 5;
const MAX_PREPARED = 300;

/** Wraps each new client of `pool` so its frequent parameterised queries run as named prepared statements. */
export function prepareFrequentStatements(pool: pg.Pool): void {
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= MAX_PREPARED) return undefined;
    const count = (seen.get(text) ?? 0) + 1;
    if (count < PREPARE_AFTER) {
      // Bounded like the names: texts that are never repeated (row counts of a large insert) must not pile up.
      if (seen.size >= MAX_PREPARED * 20) seen.clear();
      seen.set(text, count);
      return undefined;
    }
    seen.delete(text);
    const name = `k${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    // Looked up on each call, not bound once: whatever wraps the prototype later (a test counting statements)
    // still sees every query.
    const query = (...args: unknown[]) => (Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown }).query.apply(client, args);
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
        const name = nameOf(text);
        if (name !== undefined) return query({ name, text, values });
      }
      return query(...args);
    }) as typeof client.query;
  });
}
