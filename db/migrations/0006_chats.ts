/**
 * The two chats: the AI analyst chat (sessions and their messages, each session private to whoever created it)
 * and the staff ("natural") chat (sessions, their participants and their messages). Same conventions as 0001:
 * tenant first in every key and unique index, ISO-8601 text timestamps, 0/1 flags. Participants and authors are
 * the ids of users (owners, admins) or employees (cashiers) of the business: both are UUIDs of ours, so one
 * column holds either.
 */
import type { Kysely, CreateTableBuilder } from 'kysely';

type Table = CreateTableBuilder<string, never>;

function tenantTable(db: Kysely<unknown>, name: string, columns: (table: Table) => Table) {
  let table = db.schema
    .createTable(name)
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull());
  table = columns(table);
  return table
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dt_created', 'text', (c) => c.notNull())
    .addColumn('dt_updated', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${name}_pk`, ['business_id', 'id']);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await tenantTable(db, 'ai_chat_sessions', (t) =>
    t.addColumn('owner_id', 'text', (c) => c.notNull()).addColumn('name', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('ai_chat_sessions_owner_ix').on('ai_chat_sessions').columns(['business_id', 'owner_id', 'dt_created']).execute();

  await tenantTable(db, 'ai_chat_messages', (t) =>
    t
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('ai_chat_messages_session_ix').on('ai_chat_messages').columns(['business_id', 'session_id', 'dt_created']).execute();

  await tenantTable(db, 'natural_chat_sessions', (t) =>
    t
      .addColumn('chat_type', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull()),
  ).execute();

  await tenantTable(db, 'natural_chat_participants', (t) =>
    t.addColumn('session_id', 'text', (c) => c.notNull()).addColumn('employee_id', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('natural_chat_participants_uq')
    .on('natural_chat_participants')
    .columns(['business_id', 'session_id', 'employee_id'])
    .unique()
    .execute();
  // "The sessions I take part in" is the hot lookup (listing, and every join and message on the socket).
  await db.schema
    .createIndex('natural_chat_participants_member_ix')
    .on('natural_chat_participants')
    .columns(['business_id', 'employee_id', 'session_id'])
    .execute();

  await tenantTable(db, 'natural_chat_messages', (t) =>
    t
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('natural_chat_messages_session_ix')
    .on('natural_chat_messages')
    .columns(['business_id', 'session_id', 'dt_created'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['natural_chat_messages', 'natural_chat_participants', 'natural_chat_sessions', 'ai_chat_messages', 'ai_chat_sessions']) {
    await db.schema.dropTable(table).execute();
  }
}
