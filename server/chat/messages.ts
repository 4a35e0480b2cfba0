/**
 * Posting a message to a staff chat (the Socket.IO gateway's `sendMessage`). Not a catalogue operation — the
 * reference had no HTTP route for it — but written the same way: membership re-checked, the message, the
 * session's activity time and the audit entry in one transaction, so a failure leaves no trace.
 */
import type { SendNaturalChatMessageDto } from '../../shared/catalogue/natural-chat.js';
import type { Transactor } from '../../db/transactor.js';
import { writeAudit } from '../../app/audit.js';
import type { Db, OperationContext } from '../../app/context.js';
import { loadMemberSession } from './sessions.js';
import { messageWire, type NaturalChatMessage } from './wire.js';

export const NATURAL_CHAT_MESSAGE_AUDIT = 'CREATE_NATURAL_CHAT_MESSAGE';

export async function postMessage(
  store: { readonly writes: Transactor },
  ctx: OperationContext,
  input: SendNaturalChatMessageDto,
): Promise<NaturalChatMessage> {
  return store.writes.transaction(async (tx: Db) => {
    // Inside the transaction: a participant removed or a session deleted a moment ago cannot slip through.
    await loadMemberSession(tx, ctx, input.sessionId);
    const row = {
      business_id: ctx.businessId,
      id: ctx.newId(),
      session_id: input.sessionId,
      employee_id: ctx.actor.id,
      message: input.message,
      is_deleted: 0,
      dt_created: ctx.now,
      dt_updated: ctx.now,
    };
    await tx.insertInto('natural_chat_messages').values(row).execute();
    // Lists order chats by their latest activity.
    await tx
      .updateTable('natural_chat_sessions')
      .set({ dt_updated: ctx.now })
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', input.sessionId)
      .execute();
    const message = messageWire(row);
    // Without the text: the audit trail is open to every owner and admin, a chat's text to its participants only.
    const { message: text, ...rest } = message;
    await writeAudit(tx, ctx, { type: 'SYSTEM', action: NATURAL_CHAT_MESSAGE_AUDIT, record: { ...rest, length: text.length } });
    return message;
  });
}
