/** Query operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, requiredText } from '../schema-kit.js';
import { operation } from './operation.js';

export const RawQueryDto = dto({
  query: requiredText(),
});
export type RawQueryDto = z.output<typeof RawQueryDto>;

export const queryOperations = [
  operation({ operationId: 'QueryController_execute', method: 'POST', path: '/get', tag: 'Query', body: RawQueryDto, access: ['OWNER', 'ADMIN'], offline: 'online-only' }),
] as const;
