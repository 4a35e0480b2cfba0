/**
 * The reporting-query safeguards as the AI chat sees them: the same views, checks, time limit and row cap as
 * POST /get (server/query), the same roles (the catalogue's QueryController_execute entry), and a description of
 * the views for the model's system prompt generated from the view definitions, so it can never drift from them.
 */
import { findOperation } from '../../shared/catalogue/index.js';
import type { Db } from '../../app/context.js';
import { onPostgres } from '../../app/operation.js';
import type { ReportingQueries } from './model.js';
import { RESULT_ROWS } from './prompt.js';
import { executeReportingQuery } from '../query/reporting.js';
import { REPORTING_VIEWS, type ColumnKind } from '../query/views.js';

const KIND_NOTES: Partial<Record<ColumnKind, string>> = {
  money: 'money',
  quantity: 'quantity',
  percent: 'percent',
  flag: 'boolean',
  timestamp: 'timestamp',
  integer: 'integer',
};

/** One line per view: `"S_Item"(id, name, price money, …)`. */
export function describeViews(): string {
  return Object.entries(REPORTING_VIEWS)
    .map(([name, view]) => {
      const columns = Object.entries(view.columns).map(([column, { kind }]) => {
        const note = KIND_NOTES[kind];
        return note ? `${column} ${note}` : column;
      });
      return `"${name}"(${columns.join(', ')})`;
    })
    .join('\n');
}

/**
 * Model-written SQL goes through `executeReportingQuery` and nothing else (S10), for the roles that may call
 * POST /get. The row cap is what the model is shown at most: a bigger result is refused (and the model told to
 * aggregate) rather than analysed from a silently cut part.
 */
export function reportingQueries(db: Db): ReportingQueries {
  const access = findOperation('QueryController_execute')?.access;
  return {
    schema: `The database is ${onPostgres(db) ? 'PostgreSQL' : 'SQLite'}: write its SQL dialect.\n${describeViews()}`,
    allowed: (ctx) => Array.isArray(access) && access.includes(ctx.actor.role),
    run: (ctx, sql) => executeReportingQuery(db, ctx.businessId, sql, { maxRows: RESULT_ROWS }),
  };
}
