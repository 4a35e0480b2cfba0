/**
 * Output schemas of the AI assistant's operations: a user's chat sessions and their messages. Sending a message
 * answers as a stream of plain text (the assistant's words as they come), not JSON.
 */
import { z } from 'zod';
import { id, many, resource, text } from './kit.js';

export const AiChatSessionWire = resource({ name: text() });
export const AiChatMessageWire = resource({ role: text(), message: text(), session_id: id() });

export const aiChatOutputs = {
  AiChatController_createSession: AiChatSessionWire,
  AiChatController_getSessions: many(AiChatSessionWire),
  AiChatController_getHistory: many(AiChatMessageWire),
  AiChatController_updateSession: AiChatSessionWire,
  AiChatController_deleteSession: AiChatSessionWire,
  AiChatController_updateHistory: AiChatMessageWire,
  AiChatController_deleteHistory: AiChatMessageWire,
  /** Streamed text/plain: the assistant's answer. */
  AiChatController_sendMessage: z.string(),
} as const;
