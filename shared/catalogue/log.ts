/** Log operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, isoDate, requiredText, text } from '../schema-kit.js';
import { operation } from './operation.js';

/** The reference's S_Logs_Type, plus WARNING (ours): a rule a queued fact broke and was applied anyway (docs/sync.md). */
export const LOG_TYPES = ['SYSTEM', 'USER', 'EMPLOYEE', 'PAYMENT_DEVICE', 'ORDER', 'AUTH', 'WARNING'] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** Longest page of /logs/all; the default page when `limit` is absent. */
export const MAX_LOG_LIMIT = 1000;
export const DEFAULT_LOG_LIMIT = 100;

const logType = () =>
  z.enum(LOG_TYPES, {
    error: (issue) => (issue.input === undefined ? 'is required' : `must be one of the following values: ${LOG_TYPES.join(', ')}`),
  });

/** A user id as stored by the operations: at most 64 characters. */
const userId = () => text().max(64, { error: 'must be at most 64 characters' });

/**
 * A whole number in [min, max]. Query strings arrive as text, so digit strings are accepted (and numbers, for
 * callers that are not HTTP); anything else — "abc", "1.5", "-1", a repeated parameter — is a 400 naming the field
 * (the reference passed `parseInt(limit)` to the database and answered 500, B7).
 */
const wholeNumber = (min: number, max: number, message = `must be an integer between ${min} and ${max}`) => {
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const digits = typeof value === 'number' ? String(value) : value;
    const parsed = /^\d{1,16}$/.test(digits) ? Number(digits) : NaN;
    if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed;
  });
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An inclusive upper bound: a bare date ("2026-11-22") covers that whole day (UTC), not just its first instant. */
const endBound = () =>
  z
    .string({ error: 'must be an ISO 8601 date string' })
    .max(40, { error: 'must be an ISO 8601 date string' })
    .transform((value) => (DATE_ONLY.test(value) ? `${value}T23:59:59.999Z` : value))
    .pipe(isoDate());

/** An empty text filter (`?action=`) means no filter, as a blank search box does. */
const blankAsAbsent = (value: string | undefined) => (value === '' ? undefined : value);

export const CreateLogDto = dto({
  /** The user the entry is about, as the client says; the caller is recorded separately (`posted_by`). */
  user_id: userId().nullish(),
  type: logType(),
  action: requiredText(),
  details: text().nullish(),
});
export type CreateLogDto = z.output<typeof CreateLogDto>;

export const QueryLogDto = dto({
  user_id: userId().optional().transform(blankAsAbsent),
  type: logType().optional(),
  /** Case-insensitive "contains"; `%` and `_` are matched literally. */
  action: text().max(200, { error: 'must be at most 200 characters' }).optional().transform(blankAsAbsent),
  from_date: isoDate().optional(),
  to_date: endBound().optional(),
  limit: wholeNumber(1, MAX_LOG_LIMIT).optional(),
  offset: wholeNumber(0, Number.MAX_SAFE_INTEGER, 'must be an integer of 0 or more').optional(),
});
export type QueryLogDto = z.output<typeof QueryLogDto>;

export const logOperations = [
  operation({ operationId: 'LogController_create', method: 'POST', path: '/logs/create', tag: 'Log', body: CreateLogDto, access: ['OWNER', 'ADMIN'], offline: 'online-only' }),
  operation({ operationId: 'LogController_findAll', method: 'GET', path: '/logs/all', tag: 'Log', query: QueryLogDto, access: ['OWNER', 'ADMIN'], offline: 'online-only' }),
] as const;
