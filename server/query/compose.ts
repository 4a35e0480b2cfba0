/**
 * Builds the statement that actually runs: the reporting views the query reads, each a WITH table over one of
 * our tables filtered by the caller's business (a bound parameter), then the checked query as a subquery with
 * the row cap as its LIMIT.
 *
 *   WITH "S_Item" AS (SELECT … FROM "items" AS t WHERE t."business_id" = $1), …
 *   SELECT * FROM (<checked query>) AS "kassa_report" LIMIT <cap + 1>
 *
 * On PostgreSQL one more column follows the query's own: a guard that raises an error carrying
 * `POSTGRES_GUARD_MARK` on the first row that takes the running size of the result (its rows as text) past the
 * byte budget, so PostgreSQL never sends a too-large result — not even one huge value — to the service. The
 * reader drops the guard column.
 *
 * So every table name the query can mention resolves to one of these WITH tables (or to one of its own), never to
 * a stored table: even a name the check let through by mistake could only see the caller's rows. The query's own
 * WITH names are also defined out here, empty, so that one referenced outside its scope cannot fall through to a
 * stored table of the same name either.
 */
import type { CheckedQuery } from './check.js';
import type { Dialect } from './sql-rules.js';
import { REPORTING_VIEWS, type ColumnKind, type ReportingView } from './views.js';

/** In the error PostgreSQL raises for a result past the byte budget (an invalid integer cast, see below). */
export const POSTGRES_GUARD_MARK = 'kassa_result_too_large';

export interface ComposedQuery {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

const quote = (name: string) => `"${name}"`;

/** The expression showing a stored column in a view; money and quantities stay exact decimals. */
function columnSql(column: string, kind: ColumnKind, dialect: Dialect): string {
  const ref = `t.${quote(column)}`;
  if (dialect === 'postgres') {
    switch (kind) {
      case 'money':
      case 'percent':
        return `trim_scale(${ref} * 0.01)`;
      case 'quantity':
        return `trim_scale(${ref} * 0.001)`;
      case 'flag':
        return `(${ref} <> 0)`;
      case 'timestamp':
        return `CAST(${ref} AS timestamptz)`;
      default:
        return ref;
    }
  }
  switch (kind) {
    case 'money':
    case 'percent':
      return sqliteDecimal(ref, 2);
    case 'quantity':
      return sqliteDecimal(ref, 3);
    default:
      return ref;
  }
}

/** Below this many units of the last place a REAL holds the amount exactly enough to print it back (15 digits). */
const SQLITE_EXACT_REAL_LIMIT = '999999999999999';

/**
 * A scaled integer as SQLite shows it. SQLite has no decimal type: a REAL holds up to 15 significant digits
 * exactly enough to print back (results.ts prints it with 15) and keeps arithmetic and comparisons numeric, so
 * amounts below 10^13 (money) are REALs. A larger amount would come back rounded (119999999999999.93 read as
 * 120000000000000), so it is shown as its exact decimal text instead: read as stored, like PostgreSQL's numeric;
 * arithmetic on it is SQLite's REAL arithmetic again (docs/api.md).
 */
function sqliteDecimal(ref: string, scale: 2 | 3): string {
  const unit = scale === 2 ? '100' : '1000';
  const zeros = '0'.repeat(scale);
  const exact =
    `(CASE WHEN ${ref} < 0 THEN '-' ELSE '' END) || (abs(${ref}) / ${unit}) || ` +
    `rtrim(rtrim('.' || substr('${zeros}' || (abs(${ref}) % ${unit}), -${scale}), '0'), '.')`;
  return `(CASE WHEN ${ref} BETWEEN -${SQLITE_EXACT_REAL_LIMIT} AND ${SQLITE_EXACT_REAL_LIMIT} THEN ${ref} / ${unit}.0 ELSE ${exact} END)`;
}

export function viewSql(name: string, view: ReportingView, dialect: Dialect): string {
  const columns = Object.entries(view.columns).map(
    ([as, { column, kind }]) => `${columnSql(column, kind, dialect)} AS ${quote(as)}`,
  );
  // SQLite lets a WITH table see all of its siblings, so the stored table is named with its schema: it can
  // never be taken for one of the WITH tables defined next to it (PostgreSQL only looks back, see below).
  const table = dialect === 'postgres' ? quote(view.table) : `main.${quote(view.table)}`;
  const business = dialect === 'postgres' ? '$1' : '?';
  return `${quote(name)} AS (SELECT ${columns.join(', ')} FROM ${table} AS t WHERE t."business_id" = ${business})`;
}

/**
 * The capped query with the budget guard as its last column. The running sum is a window over the rows in the
 * order they come (no ORDER BY: the query's own order is kept); the cast is of a text that varies per row, so
 * PostgreSQL cannot fold it into an error at planning time. `ROW(q.*)` rather than `q`: a column the query
 * named like the alias cannot stand in for the row.
 */
function guarded(capped: string, maxBytes: number): string {
  const running = `sum(octet_length(CAST(ROW("kassa_capped".*) AS text))) OVER (ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)`;
  const guard = `CASE WHEN ${running} > ${Math.trunc(maxBytes)} THEN CAST('${POSTGRES_GUARD_MARK} ' || ${running} AS integer) END`;
  return `SELECT "kassa_capped".*, ${guard} AS "kassa_guard" FROM (${capped}) AS "kassa_capped"`;
}

export function composeReportingQuery(
  checked: CheckedQuery,
  dialect: Dialect,
  businessId: string,
  maxRows: number,
  maxBytes: number,
): ComposedQuery {
  const definitions: string[] = [];
  const key = (name: string) => (dialect === 'sqlite' ? name.toLowerCase() : name);
  const defined = new Set<string>();
  for (const name of checked.views) {
    const view = REPORTING_VIEWS[name];
    if (!view) throw new Error(`no reporting view ${name}`);
    definitions.push(viewSql(name, view, dialect));
    defined.add(key(name));
  }
  // After the views: on PostgreSQL a WITH table sees only those before it.
  for (const name of checked.ownTables) {
    if (defined.has(key(name))) continue;
    definitions.push(`${quote(name)} AS (SELECT NULL AS "kassa_unused" WHERE 1 = 0)`);
    defined.add(key(name));
  }
  const views = definitions.length > 0 ? `WITH ${definitions.join(', ')} ` : '';
  const capped = `SELECT * FROM (${checked.sql}) AS "kassa_report" LIMIT ${maxRows + 1}`;
  const sql = `${views}${dialect === 'postgres' ? guarded(capped, maxBytes) : capped}`;
  const parameters =
    dialect === 'postgres' ? (checked.views.size > 0 ? [businessId] : []) : [...checked.views].map(() => businessId);
  return { sql, parameters };
}
