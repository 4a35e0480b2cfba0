/**
 * Migration 0006 (the chats): every table has the tenant first in its primary key, a person takes part in a
 * staff chat once, and the migration can be rolled back and applied again.
 */
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDatabase, testEngines } from '../../test/helpers/databases.js';
import * as chats from './0006_chats.js';
import { primaryKey } from '../../test/helpers/schema.js';

const TABLES = ['ai_chat_sessions', 'ai_chat_messages', 'natural_chat_sessions', 'natural_chat_participants', 'natural_chat_messages'];

describe.each(await testEngines())('migration 0006 on %s', (engine) => {
  it('creates the chat tables with the tenant first in every key, one membership per person and chat, and rolls back', async () => {
    const database = await freshDatabase(engine);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      for (const table of TABLES) expect(await primaryKey(engine, db, table), table).toEqual(['business_id', 'id']);
      const now = new Date().toISOString();
      const member = (id: string) =>
        sql`insert into natural_chat_participants (business_id, id, session_id, employee_id, is_deleted, dt_created, dt_updated)
            values ('b1', ${id}, 's1', 'e1', 0, ${now}, ${now})`.execute(db);
      await member('p1');
      await expect(member('p2')).rejects.toThrow();
      // The same person in the same chat id of another business is another membership.
      await sql`insert into natural_chat_participants (business_id, id, session_id, employee_id, is_deleted, dt_created, dt_updated)
                values ('b2', 'p3', 's1', 'e1', 0, ${now}, ${now})`.execute(db);

      await chats.down(db);
      await expect(sql`select 1 from ai_chat_sessions`.execute(db)).rejects.toThrow();
      await chats.up(db);
      for (const table of TABLES) expect(await primaryKey(engine, db, table), table).toEqual(['business_id', 'id']);
    } finally {
      await database.dispose();
    }
  });
});
