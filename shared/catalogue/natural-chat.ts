/** NaturalChat operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, id, ignoringUnknownFields, list, requiredText, text } from '../schema-kit.js';
import { operation } from './operation.js';

/** The reference's Natural_Chat_Type: a direct chat or a group. */
export const NATURAL_CHAT_TYPES = ['CHAT', 'GROUP'] as const;
export type NaturalChatType = (typeof NATURAL_CHAT_TYPES)[number];

/** Most participants one chat may name (every list we accept is bounded). */
export const MAX_CHAT_PARTICIPANTS = 200;

/**
 * A new chat: its type, the other participants (users or employees of the caller's business; the caller is
 * always added) and an optional name. The reference read this body unvalidated (a bad chatType was a 500), so
 * its entry ignores unknown fields (`unknownFields: 'ignore'`).
 */
export const CreateNaturalChatSessionDto = dto({
  chatType: z.enum(NATURAL_CHAT_TYPES, {
    error: (issue) => (issue.input === undefined ? 'is required' : `must be one of the following values: ${NATURAL_CHAT_TYPES.join(', ')}`),
  }),
  employeeIds: list(id(), MAX_CHAT_PARTICIPANTS),
  name: text().nullish(),
});
export type CreateNaturalChatSessionDto = z.output<typeof CreateNaturalChatSessionDto>;

/**
 * Socket.IO `/chat` event payloads (not HTTP operations; validated by the same kit). The reference never
 * validated them either, so unknown fields are ignored here too.
 */
export const JoinNaturalChatDto = ignoringUnknownFields(dto({ sessionId: id() }));
export type JoinNaturalChatDto = z.output<typeof JoinNaturalChatDto>;

export const SendNaturalChatMessageDto = ignoringUnknownFields(dto({ sessionId: id(), message: requiredText() }));
export type SendNaturalChatMessageDto = z.output<typeof SendNaturalChatMessageDto>;

export const naturalChatOperations = [
  operation({ operationId: 'NaturalChatController_createSession', method: 'POST', path: '/natural-chat/session', tag: 'NaturalChat', body: CreateNaturalChatSessionDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only', unknownFields: 'ignore' }),
  operation({ operationId: 'NaturalChatController_getSessions', method: 'GET', path: '/natural-chat/sessions', tag: 'NaturalChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'NaturalChatController_getHistory', method: 'GET', path: '/natural-chat/history/{session_id}', tag: 'NaturalChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
  operation({ operationId: 'NaturalChatController_getEmployees', method: 'GET', path: '/natural-chat/employees', tag: 'NaturalChat', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'online-only' }),
] as const;
