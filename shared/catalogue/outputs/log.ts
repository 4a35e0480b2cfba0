/**
 * Output schemas of the audit-log operations: an entry as written by the system (`posted_by` null) or posted by a
 * user through the API (`posted_by` names them).
 */
import { id, many, resource, text } from './kit.js';

export const LogEntryWire = resource({
  user_id: id().nullable(),
  type: text(),
  action: text(),
  details: text().nullable(),
  posted_by: id().nullable(),
});

export const logOutputs = {
  LogController_create: LogEntryWire,
  LogController_findAll: many(LogEntryWire),
} as const;
