/** App operations of the reference interface (catalogue entries and their request schemas). */
import { operation } from './operation.js';

export const appOperations = [
  operation({ operationId: 'AppController_getHello', method: 'GET', path: '/', tag: 'App', access: 'public', offline: 'online-only' }),
] as const;
