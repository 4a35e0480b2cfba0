/** AiChat operations of the reference interface (catalogue entries and their request schemas). */
import { operation } from './operation.js';

export const aiChatOperations = [
  operation({ operationId: 'AiChatController_createSession', method: 'POST', path: '/ai-chat/session', tag: 'AiChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'AiChatController_getSessions', method: 'GET', path: '/ai-chat/sessions', tag: 'AiChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'AiChatController_getHistory', method: 'GET', path: '/ai-chat/history/{session_id}', tag: 'AiChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'AiChatController_updateSession', method: 'PATCH', path: '/ai-chat/session/{id}', tag: 'AiChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'AiChatController_deleteSession', method: 'DELETE', path: '/ai-chat/session/{id}', tag: 'AiChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'AiChatController_updateHistory', method: 'PATCH', path: '/ai-chat/history/{id}', tag: 'AiChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'AiChatController_deleteHistory', method: 'DELETE', path: '/ai-chat/history/{id}', tag: 'AiChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'AiChatController_sendMessage', method: 'POST', path: '/ai-chat/message', tag: 'AiChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
] as const;
