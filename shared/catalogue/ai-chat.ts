/** AiChat operations of the reference interface (catalogue entries and their request schemas). */
import type { z } from 'zod';
import { dto, id, requiredText } from '../schema-kit.js';
import { operation } from './operation.js';

/*
 * The reference read these bodies unvalidated, so clients send them with extra fields: the entries below ignore
 * unknown fields (`unknownFields: 'ignore'`) and check only the fields each operation needs.
 */

/** Create or rename a session (the reference read `{name}` unvalidated; a missing name was a 500). */
export const AiChatSessionDto = dto({ name: requiredText() });
export type AiChatSessionDto = z.output<typeof AiChatSessionDto>;

/** Edit a stored message's text. */
export const AiChatHistoryDto = dto({ message: requiredText() });
export type AiChatHistoryDto = z.output<typeof AiChatHistoryDto>;

/** Ask the assistant something in a session; the answer streams back as text/plain. */
export const AiChatMessageDto = dto({ session_id: id(), message: requiredText() });
export type AiChatMessageDto = z.output<typeof AiChatMessageDto>;

export const aiChatOperations = [
  operation({ operationId: 'AiChatController_createSession', method: 'POST', path: '/ai-chat/session', tag: 'AiChat', body: AiChatSessionDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only', unknownFields: 'ignore' }),
  operation({ operationId: 'AiChatController_getSessions', method: 'GET', path: '/ai-chat/sessions', tag: 'AiChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'AiChatController_getHistory', method: 'GET', path: '/ai-chat/history/{session_id}', tag: 'AiChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'AiChatController_updateSession', method: 'PATCH', path: '/ai-chat/session/{id}', tag: 'AiChat', body: AiChatSessionDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only', unknownFields: 'ignore' }),
  operation({ operationId: 'AiChatController_deleteSession', method: 'DELETE', path: '/ai-chat/session/{id}', tag: 'AiChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'AiChatController_updateHistory', method: 'PATCH', path: '/ai-chat/history/{id}', tag: 'AiChat', body: AiChatHistoryDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only', unknownFields: 'ignore' }),
  operation({ operationId: 'AiChatController_deleteHistory', method: 'DELETE', path: '/ai-chat/history/{id}', tag: 'AiChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'AiChatController_sendMessage', method: 'POST', path: '/ai-chat/message', tag: 'AiChat', body: AiChatMessageDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only', unknownFields: 'ignore' }),
] as const;
