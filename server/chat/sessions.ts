/**
 * Staff chat sessions: who takes part, and what they may see. A participant is a user (owner, admin) or an
 * employee (cashier) of the business — the reference put `req.user.id` of either kind in the same column.
 * Everything about a session is visible to its participants only: to anybody else it does not exist (404), so
 * neither its messages nor its existence leak (the reference served any session's history to any token, S11).
 */
import { sql } from 'kysely';
import type { CreateNaturalChatSessionDto } from '../../shared/catalogue/natural-chat.js';
import { badRequest, notFound } from '../../shared/errors.js';
import type { Db, OperationContext } from '../../app/context.js';
import {
  MESSAGE_COLUMNS,
  PARTICIPANT_COLUMNS,
  SESSION_COLUMNS,
  messageWire,
  participantWire,
  sessionWire,
  type MessageRow,
  type ParticipantRow,
  type SessionRow,
} from './wire.js';

export const SESSION_NOT_FOUND = 'Session not found';

/** Ids per `in (…)` list: far below either engine's limit on bound values. */
const CHUNK = 500;

function chunks<T>(values: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < values.length; start += CHUNK) result.push(values.slice(start, start + CHUNK));
  return result;
}

/**
 * The live session `sessionId` of the caller's business in which `memberId` takes part, or a 404 — the same
 * answer for an unknown id, another business's session and a session the member is not in.
 */
export async function loadMemberSession(db: Db, ctx: OperationContext, sessionId: string, memberId = ctx.actor.id): Promise<SessionRow> {
  const session = await db
    .selectFrom('natural_chat_sessions as s')
    .innerJoin('natural_chat_participants as p', (join) =>
      join.onRef('p.business_id', '=', 's.business_id').onRef('p.session_id', '=', 's.id'),
    )
    .select(SESSION_COLUMNS.map((column) => `s.${column}` as const))
    .where('s.business_id', '=', ctx.businessId)
    .where('s.id', '=', sessionId)
    .where('s.is_deleted', '=', 0)
    .where('p.employee_id', '=', memberId)
    .where('p.is_deleted', '=', 0)
    .executeTakeFirst();
  if (!session) throw notFound(SESSION_NOT_FOUND);
  return session;
}

/**
 * Every id must be a live employee or user of the caller's business: one 400 line per id that is not, naming
 * its position (`employeeIds.2 must be an existing employee or user`).
 */
async function requireColleagues(db: Db, ctx: OperationContext, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const known = new Set<string>();
  for (const part of chunks(unique)) {
    const employees = await db
      .selectFrom('employees')
      .select('id')
      .where('business_id', '=', ctx.businessId)
      .where('id', 'in', part)
      .where('is_deleted', '=', 0)
      .execute();
    const users = await db
      .selectFrom('users')
      .select('id')
      .where('business_id', '=', ctx.businessId)
      .where('id', 'in', part)
      .where('is_deleted', '=', 0)
      .execute();
    for (const row of [...employees, ...users]) known.add(row.id);
  }
  const problems = ids.flatMap((id, index) => (known.has(id) ? [] : [`employeeIds.${index} must be an existing employee or user`]));
  if (problems.length > 0) throw badRequest(problems);
}

/** Creates a chat with the caller and the named colleagues (each once), and answers it with its participants. */
export async function createSession(db: Db, body: CreateNaturalChatSessionDto, ctx: OperationContext) {
  await requireColleagues(db, ctx, body.employeeIds);
  const session: SessionRow & { business_id: string; created_by: string } = {
    business_id: ctx.businessId,
    id: ctx.newId(),
    chat_type: body.chatType,
    name: body.name ?? null,
    created_by: ctx.actor.id,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
  await db.insertInto('natural_chat_sessions').values(session).execute();
  const members = [...new Set([ctx.actor.id, ...body.employeeIds])];
  // Ids in ascending order, so every later listing (by creation time, then id) keeps this order: the creator first.
  const ids = members.map(() => ctx.newId()).sort();
  const participants = members.map((employeeId, index) => ({
    business_id: ctx.businessId,
    id: ids[index] ?? ctx.newId(),
    employee_id: employeeId,
    session_id: session.id,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  }));
  await db.insertInto('natural_chat_participants').values(participants).execute();
  return { ...sessionWire(session), naturalChatParticipiants: participants.map(participantWire) };
}

/**
 * The caller's chats, most recently active first, each with its participants and (as a one-element list, the
 * reference's shape) its latest message. Three indexed queries whatever the number of chats.
 */
export async function listSessions(db: Db, ctx: OperationContext) {
  const sessions = await db
    .selectFrom('natural_chat_sessions as s')
    .innerJoin('natural_chat_participants as p', (join) =>
      join.onRef('p.business_id', '=', 's.business_id').onRef('p.session_id', '=', 's.id'),
    )
    .select(SESSION_COLUMNS.map((column) => `s.${column}` as const))
    .select((eb) =>
      eb
        .selectFrom('natural_chat_messages as m')
        .select('m.id')
        .whereRef('m.business_id', '=', 's.business_id')
        .whereRef('m.session_id', '=', 's.id')
        .where('m.is_deleted', '=', 0)
        .orderBy('m.dt_created', 'desc')
        .orderBy('m.id', 'desc')
        .limit(1)
        .as('last_message_id'),
    )
    .where('s.business_id', '=', ctx.businessId)
    .where('s.is_deleted', '=', 0)
    .where('p.employee_id', '=', ctx.actor.id)
    .where('p.is_deleted', '=', 0)
    .orderBy('s.dt_updated', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  if (sessions.length === 0) return [];

  const participants = new Map<string, ParticipantRow[]>();
  for (const part of chunks(sessions.map((session) => session.id))) {
    const rows = await db
      .selectFrom('natural_chat_participants')
      .select(PARTICIPANT_COLUMNS)
      .where('business_id', '=', ctx.businessId)
      .where('session_id', 'in', part)
      .where('is_deleted', '=', 0)
      .orderBy('dt_created')
      .orderBy('id')
      .execute();
    for (const row of rows) participants.set(row.session_id, [...(participants.get(row.session_id) ?? []), row]);
  }

  const latest = new Map<string, MessageRow>();
  const lastIds = sessions.flatMap((session) => (session.last_message_id ? [session.last_message_id] : []));
  for (const part of chunks(lastIds)) {
    const rows = await db
      .selectFrom('natural_chat_messages')
      .select(MESSAGE_COLUMNS)
      .where('business_id', '=', ctx.businessId)
      .where('id', 'in', part)
      .execute();
    for (const row of rows) latest.set(row.session_id, row);
  }

  return sessions.map((session) => {
    const last = latest.get(session.id);
    return {
      ...sessionWire(session),
      naturalChatParticipiants: (participants.get(session.id) ?? []).map(participantWire),
      naturalChatHistories: last ? [messageWire(last)] : [],
    };
  });
}

/** A chat's live messages, oldest first; participants only. */
export async function sessionHistory(db: Db, ctx: OperationContext, sessionId: string) {
  await loadMemberSession(db, ctx, sessionId);
  const rows = await db
    .selectFrom('natural_chat_messages')
    .select(MESSAGE_COLUMNS)
    .where('business_id', '=', ctx.businessId)
    .where('session_id', '=', sessionId)
    .where('is_deleted', '=', 0)
    .orderBy('dt_created')
    .orderBy('id')
    .execute();
  return rows.map(messageWire);
}

/** The business's live employees, public contact fields only (never a PIN or its hash), by name. */
export async function listColleagues(db: Db, ctx: OperationContext) {
  const rows = await db
    .selectFrom('employees')
    .select(['id', 'full_name', 'phone_number', 'email', 'employee_address', 'notes'])
    .where('business_id', '=', ctx.businessId)
    .where('is_deleted', '=', 0)
    .orderBy(sql`lower(full_name)`)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    full_name: row.full_name,
    phone_number: row.phone_number ?? null,
    email: row.email ?? null,
    employee_address: row.employee_address ?? null,
    notes: row.notes ?? null,
  }));
}
