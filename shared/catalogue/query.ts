/** Query operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto } from '../schema-kit.js';
import { operation } from './operation.js';

/** A reporting query may hold several WITH tables: longer than other text fields (2,000), but bounded. */
export const MAX_QUERY_LENGTH = 20_000;

export const RawQueryDto = dto({
  query: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .min(1, { error: 'should not be empty' })
    .max(MAX_QUERY_LENGTH, { error: `must be at most ${MAX_QUERY_LENGTH} characters` })
    .refine((value) => !value.includes('\u0000'), { error: 'must not contain NUL characters' }),
});
export type RawQueryDto = z.output<typeof RawQueryDto>;

/**
 * `POST /get`: read-only analytics over the caller's business (docs/api/query.md). Owners and admins only: the
 * reference let any token in, cashiers included (S9).
 */
export const queryOperations = [
  operation({ operationId: 'QueryController_execute', method: 'POST', path: '/get', tag: 'Query', body: RawQueryDto, access: ['OWNER', 'ADMIN'], offline: 'online-only' }),
] as const;
