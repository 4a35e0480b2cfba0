/** The staff chat's HTTP operations (the real-time channel is server/chat/socket.ts over messages.ts). */
import { handler } from '../../app/operation.js';
import { createSession, listColleagues, listSessions, sessionHistory } from './sessions.js';

export const naturalChatHandlers = [
  handler('NaturalChatController_createSession', (db, { body }, ctx) => createSession(db, body, ctx), {
    audit: { type: 'SYSTEM', action: 'CREATE_NATURAL_CHAT_SESSION' },
  }),
  handler('NaturalChatController_getSessions', (db, _input, ctx) => listSessions(db, ctx)),
  handler('NaturalChatController_getHistory', (db, { params }, ctx) => sessionHistory(db, ctx, params.session_id ?? '')),
  handler('NaturalChatController_getEmployees', (db, _input, ctx) => listColleagues(db, ctx)),
];
