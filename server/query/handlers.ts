/**
 * `POST /get` (QueryController_execute): read-only analytics for owners and admins. The reference ran the text
 * as given after a keyword block-list (S9); here it goes through `executeReportingQuery` — see reporting.ts and
 * docs/api/query.md.
 */
import { handler, type Handler } from '../../app/operation.js';
import { executeReportingQuery } from './reporting.js';

export const queryHandlers: readonly Handler[] = [
  handler('QueryController_execute', (db, input, ctx) => executeReportingQuery(db, ctx.businessId, input.body.query), {
    audit: false,
    readOnly: true,
  }),
];
