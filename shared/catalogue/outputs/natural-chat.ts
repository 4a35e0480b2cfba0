/**
 * Output schemas of the staff chat's REST operations (the wire keeps the reference's spelling
 * "naturalChatParticipiants"): sessions with their participants and, in the list, their last message.
 */
import { id, many, record, resource, text } from './kit.js';

export const ChatParticipantWire = resource({ employee_id: id(), session_id: id() });
export const ChatMessageWire = resource({ employee_id: id(), message: text(), session_id: id() });
export const ChatSessionWire = resource({ chat_type: text(), name: text().nullable(), naturalChatParticipiants: many(ChatParticipantWire) });

/** A colleague one can chat with: public contact fields only. */
export const ColleagueWire = record({
  id: id(),
  full_name: text(),
  phone_number: text().nullable(),
  email: text().nullable(),
  employee_address: text().nullable(),
  notes: text().nullable(),
});

export const naturalChatOutputs = {
  NaturalChatController_createSession: ChatSessionWire,
  /** Each session with its last message (none or one). */
  NaturalChatController_getSessions: many(ChatSessionWire.extend({ naturalChatHistories: many(ChatMessageWire) })),
  NaturalChatController_getHistory: many(ChatMessageWire),
  NaturalChatController_getEmployees: many(ColleagueWire),
} as const;
