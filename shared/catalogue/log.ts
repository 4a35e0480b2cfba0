/** Log operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, requiredText, text } from '../schema-kit.js';
import { operation } from './operation.js';

export const CreateLogDto = dto({
  user_id: text().nullish(),
  type: z.unknown(),
  action: requiredText(),
  details: text().nullish(),
});
export type CreateLogDto = z.output<typeof CreateLogDto>;

export const logOperations = [
  operation({ operationId: 'LogController_create', method: 'POST', path: '/logs/create', tag: 'Log', body: CreateLogDto, access: ['OWNER', 'ADMIN'], offline: 'online-only' }),
  operation({ operationId: 'LogController_findAll', method: 'GET', path: '/logs/all', tag: 'Log', access: ['OWNER', 'ADMIN'], offline: 'online-only' }),
] as const;
