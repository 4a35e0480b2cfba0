/** Sync operations of the reference interface (catalogue entries and their request schemas). */
import { operation } from './operation.js';

export const syncOperations = [
  operation({ operationId: 'SyncController_pull', method: 'POST', path: '/sync/pull', tag: 'Sync', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'SyncController_push', method: 'POST', path: '/sync/push', tag: 'Sync', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
] as const;
