/** The AI chat's HTTP operations, but for sendMessage: it streams from a model the server provides (server/ai/). */
import { handler } from '../../app/operation.js';
import {
  auditMessage,
  createSession,
  deleteMessage,
  deleteSession,
  editMessage,
  listSessions,
  renameSession,
  sessionMessages,
} from './sessions.js';

const audit = (action: string) => ({ audit: { type: 'SYSTEM' as const, action } });
/** Message changes write their own audit entry, without the message's text (see auditMessage). */
const selfAudited = { audit: false as const };

export const aiChatHandlers = [
  handler('AiChatController_createSession', (db, { body }, ctx) => createSession(db, body, ctx), audit('CREATE_AI_CHAT_SESSION')),
  handler('AiChatController_getSessions', (db, _input, ctx) => listSessions(db, ctx)),
  handler('AiChatController_getHistory', (db, { params }, ctx) => sessionMessages(db, ctx, params.session_id ?? '')),
  handler('AiChatController_updateSession', (db, { params, body }, ctx) => renameSession(db, ctx, params.id ?? '', body), audit('UPDATE_AI_CHAT_SESSION')),
  handler('AiChatController_deleteSession', (db, { params }, ctx) => deleteSession(db, ctx, params.id ?? ''), audit('DELETE_AI_CHAT_SESSION')),
  handler(
    'AiChatController_updateHistory',
    async (db, { params, body }, ctx) => {
      const message = await editMessage(db, ctx, params.id ?? '', body);
      await auditMessage(db, ctx, 'UPDATE_AI_CHAT_MESSAGE', message);
      return message;
    },
    selfAudited,
  ),
  handler(
    'AiChatController_deleteHistory',
    async (db, { params }, ctx) => {
      const message = await deleteMessage(db, ctx, params.id ?? '');
      await auditMessage(db, ctx, 'DELETE_AI_CHAT_MESSAGE', message);
      return message;
    },
    selfAudited,
  ),
];
