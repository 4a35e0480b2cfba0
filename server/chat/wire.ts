/** How the staff chat's records look on the wire: the reference's Natural_Chat_* rows, field for field. */
import type { Selectable } from 'kysely';
import type { NaturalChatMessagesTable, NaturalChatParticipantsTable, NaturalChatSessionsTable } from '../../db/schema.js';
import { flag } from '../../db/values.js';

export const SESSION_COLUMNS = ['id', 'chat_type', 'name', 'is_deleted', 'dt_created', 'dt_updated'] as const;
export const PARTICIPANT_COLUMNS = ['id', 'employee_id', 'session_id', 'is_deleted', 'dt_created', 'dt_updated'] as const;
export const MESSAGE_COLUMNS = ['id', 'employee_id', 'message', 'session_id', 'is_deleted', 'dt_created', 'dt_updated'] as const;

export type SessionRow = Pick<Selectable<NaturalChatSessionsTable>, (typeof SESSION_COLUMNS)[number]>;
export type ParticipantRow = Pick<Selectable<NaturalChatParticipantsTable>, (typeof PARTICIPANT_COLUMNS)[number]>;
export type MessageRow = Pick<Selectable<NaturalChatMessagesTable>, (typeof MESSAGE_COLUMNS)[number]>;

export function sessionWire(row: SessionRow) {
  return {
    id: row.id,
    chat_type: row.chat_type,
    name: row.name ?? null,
    is_deleted: flag(row.is_deleted),
    dt_created: row.dt_created,
    dt_updated: row.dt_updated,
  };
}

export function participantWire(row: ParticipantRow) {
  return {
    id: row.id,
    employee_id: row.employee_id,
    session_id: row.session_id,
    is_deleted: flag(row.is_deleted),
    dt_created: row.dt_created,
    dt_updated: row.dt_updated,
  };
}

/** A message, as the REST history and the socket's `newMessage` event show it. */
export function messageWire(row: MessageRow) {
  return {
    id: row.id,
    employee_id: row.employee_id,
    message: row.message,
    session_id: row.session_id,
    is_deleted: flag(row.is_deleted),
    dt_created: row.dt_created,
    dt_updated: row.dt_updated,
  };
}

export type NaturalChatMessage = ReturnType<typeof messageWire>;
