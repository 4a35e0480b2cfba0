/** NaturalChat operations of the reference interface (catalogue entries and their request schemas). */
import { operation } from './operation.js';

export const naturalChatOperations = [
  operation({ operationId: 'NaturalChatController_createSession', method: 'POST', path: '/natural-chat/session', tag: 'NaturalChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'NaturalChatController_getSessions', method: 'GET', path: '/natural-chat/sessions', tag: 'NaturalChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'NaturalChatController_getHistory', method: 'GET', path: '/natural-chat/history/{session_id}', tag: 'NaturalChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'NaturalChatController_getEmployees', method: 'GET', path: '/natural-chat/employees', tag: 'NaturalChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
] as const;
