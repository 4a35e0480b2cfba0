/**
 * AI chat sessions and their stored messages. A session is private to whoever created it (a user or an
 * employee): to anybody else, colleagues included, it does not exist (404). The reference showed every session
 * of the business to every token and answered an unknown session's history with a 500 (B3).
 */
import type { Selectable } from 'kysely';
import type { AiChatHistoryDto, AiChatSessionDto } from '../../shared/catalogue/ai-chat.js';
import { notFound } from '../../shared/errors.js';
import type { AiChatMessagesTable, AiChatSessionsTable } from '../../db/schema.js';
import { flag } from '../../db/values.js';
import { writeAudit } from '../../app/audit.js';
import type { Db, OperationContext } from '../../app/context.js';

export const SESSION_NOT_FOUND = 'Session not found';
export const MESSAGE_NOT_FOUND = 'Message not found';

/** The stored roles of the reference's Chat_History: the person's questions and the model's answers. */
export type AiChatRole = 'user' | 'model';

const SESSION_COLUMNS = ['id', 'name', 'is_deleted', 'dt_created', 'dt_updated'] as const;
const MESSAGE_COLUMNS = ['id', 'role', 'message', 'session_id', 'is_deleted', 'dt_created', 'dt_updated'] as const;

type SessionRow = Pick<Selectable<AiChatSessionsTable>, (typeof SESSION_COLUMNS)[number]>;
type MessageRow = Pick<Selectable<AiChatMessagesTable>, (typeof MESSAGE_COLUMNS)[number]>;

export function sessionWire(row: SessionRow) {
  return { id: row.id, name: row.name, is_deleted: flag(row.is_deleted), dt_created: row.dt_created, dt_updated: row.dt_updated };
}

export function messageWire(row: MessageRow) {
  return {
    id: row.id,
    role: row.role,
    message: row.message,
    session_id: row.session_id,
    is_deleted: flag(row.is_deleted),
    dt_created: row.dt_created,
    dt_updated: row.dt_updated,
  };
}

/**
 * Audits a change to a message without its text: the audit trail is open to every owner and admin (GET /logs,
 * the S_Logs reporting view), while a session's text is its creator's alone.
 */
export async function auditMessage(db: Db, ctx: OperationContext, action: string, message: ReturnType<typeof messageWire>) {
  const { message: text, ...rest } = message;
  await writeAudit(db, ctx, { type: 'SYSTEM', action, record: { ...rest, length: text.length } });
}

/** The caller's live session, or 404 (unknown, deleted, another business's, or a colleague's). */
export async function loadOwnSession(db: Db, ctx: OperationContext, id: string): Promise<SessionRow> {
  const row = await db
    .selectFrom('ai_chat_sessions')
    .select(SESSION_COLUMNS)
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('owner_id', '=', ctx.actor.id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound(SESSION_NOT_FOUND);
  return row;
}

/** A live message of one of the caller's live sessions, or 404. */
async function loadOwnMessage(db: Db, ctx: OperationContext, id: string): Promise<MessageRow> {
  const row = await db
    .selectFrom('ai_chat_messages as m')
    .innerJoin('ai_chat_sessions as s', (join) => join.onRef('s.business_id', '=', 'm.business_id').onRef('s.id', '=', 'm.session_id'))
    .select(MESSAGE_COLUMNS.map((column) => `m.${column}` as const))
    .where('m.business_id', '=', ctx.businessId)
    .where('m.id', '=', id)
    .where('m.is_deleted', '=', 0)
    .where('s.owner_id', '=', ctx.actor.id)
    .where('s.is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return row;
}

export async function createSession(db: Db, body: AiChatSessionDto, ctx: OperationContext) {
  const row = {
    business_id: ctx.businessId,
    id: ctx.newId(),
    owner_id: ctx.actor.id,
    name: body.name,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
  await db.insertInto('ai_chat_sessions').values(row).execute();
  return sessionWire(row);
}

/** The caller's live sessions, newest first. */
export async function listSessions(db: Db, ctx: OperationContext) {
  const rows = await db
    .selectFrom('ai_chat_sessions')
    .select(SESSION_COLUMNS)
    .where('business_id', '=', ctx.businessId)
    .where('owner_id', '=', ctx.actor.id)
    .where('is_deleted', '=', 0)
    .orderBy('dt_created', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(sessionWire);
}

/** A session's live messages, oldest first (also what the model is sent as the conversation so far). */
export async function sessionMessages(db: Db, ctx: OperationContext, sessionId: string) {
  await loadOwnSession(db, ctx, sessionId);
  const rows = await db
    .selectFrom('ai_chat_messages')
    .select(MESSAGE_COLUMNS)
    .where('business_id', '=', ctx.businessId)
    .where('session_id', '=', sessionId)
    .where('is_deleted', '=', 0)
    .orderBy('dt_created')
    .orderBy('id')
    .execute();
  return rows.map(messageWire);
}

export async function renameSession(db: Db, ctx: OperationContext, id: string, body: AiChatSessionDto) {
  const current = await loadOwnSession(db, ctx, id);
  const changes = { name: body.name, dt_updated: ctx.now };
  await db.updateTable('ai_chat_sessions').set(changes).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
  return sessionWire({ ...current, ...changes });
}

export async function deleteSession(db: Db, ctx: OperationContext, id: string) {
  const current = await loadOwnSession(db, ctx, id);
  const changes = { is_deleted: 1, dt_updated: ctx.now };
  await db.updateTable('ai_chat_sessions').set(changes).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
  return sessionWire({ ...current, ...changes });
}

export async function editMessage(db: Db, ctx: OperationContext, id: string, body: AiChatHistoryDto) {
  const current = await loadOwnMessage(db, ctx, id);
  const changes = { message: body.message, dt_updated: ctx.now };
  await db.updateTable('ai_chat_messages').set(changes).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
  return messageWire({ ...current, ...changes });
}

export async function deleteMessage(db: Db, ctx: OperationContext, id: string) {
  const current = await loadOwnMessage(db, ctx, id);
  const changes = { is_deleted: 1, dt_updated: ctx.now };
  await db.updateTable('ai_chat_messages').set(changes).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
  return messageWire({ ...current, ...changes });
}

/** Appends a message to a session (the caller has checked the session); the row as the wire shows it. */
export async function insertMessage(db: Db, ctx: OperationContext, sessionId: string, role: AiChatRole, message: string) {
  const row = {
    business_id: ctx.businessId,
    id: ctx.newId(),
    session_id: sessionId,
    role,
    message,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
  await db.insertInto('ai_chat_messages').values(row).execute();
  return messageWire(row);
}
