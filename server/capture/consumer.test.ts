/**
 * The PostgreSQL change capture consumer (issue 18): the log it writes is the log the trigger wrote, it survives
 * being killed mid-batch, several consumers elect one reader, and writers of one business no longer queue on a row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { uuidv7 } from '../../shared/ids.js';
import { freshDatabase, testEngines, type TestDatabase } from '../../test/helpers/databases.js';
import { CAPTURED_TABLES, captureSlotName, waitForCapture } from '../../db/change-capture.js';
import { postgresUrlOf } from '../../db/connect.js';
import { CaptureConsumer } from './consumer.js';

const postgres = (await testEngines()).includes('postgres');
const now = () => new Date().toISOString();

/** Text that needs every kind of JSON escaping, and a 64-bit integer above 2^53. */
const AWKWARD_TEXT = 'Чай "зелёный"\n\\ tab\t☕ \u0001 end';
const BIG = 99999999999999999n;

function warehouseRow(businessId: string, name: string) {
  return { business_id: businessId, id: uuidv7(), name, location: null, is_deleted: 0, dt_created: now(), dt_updated: now() };
}

async function rawRecords(
  database: TestDatabase,
  businessId: string,
): Promise<{ version: bigint; scope: string; entries: string }[]> {
  await waitForCapture(database.db as never);
  const rows = await database.db
    .selectFrom('sync_log')
    .select(['version', 'scope', 'entries'])
    .where('business_id', '=', businessId)
    .orderBy('version')
    .orderBy('scope')
    .execute();
  return rows.map((row) => ({ version: BigInt(row.version), scope: row.scope, entries: row.entries }));
}

describe.runIf(postgres)('the change capture consumer on PostgreSQL', () => {
  let database: TestDatabase;
  let url: string;
  beforeAll(async () => {
    database = await freshDatabase('postgres', { poolSize: 20 });
    url = postgresUrlOf(database.db)!;
  });
  afterAll(() => database.dispose());

  it('logs every captured table’s rows exactly as the trigger rendered them (to_jsonb of the row) and each update’s fields as it computed them', async () => {
    const business = uuidv7();
    const columns = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
      select table_name, column_name, data_type, is_nullable from information_schema.columns
       where table_schema = 'public' and table_name in (${sql.join(Object.keys(CAPTURED_TABLES))}) order by table_name, ordinal_position`.execute(
      database.db,
    );
    const byTable = new Map<string, typeof columns.rows>();
    for (const column of columns.rows) byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), column]);
    expect([...byTable.keys()].sort()).toEqual(Object.keys(CAPTURED_TABLES).sort());

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const expected = new Map<string, { image: string; fields: string | null }[]>();
    try {
      // Foreign keys are not what this test is about: synthetic rows, written without them (no trigger exists to skip).
      await client.query("set session_replication_role = 'replica'");
      for (const [table, tableColumns] of byTable) {
        const id = uuidv7();
        const values = tableColumns.map((column) => {
          if (column.column_name === 'business_id') return business;
          if (column.column_name === 'id') return id;
          // The one table with check constraints (a cash move's kind and positive amount).
          if (table === 'settlement_cash_moves' && column.column_name === 'kind') return 'IN';
          if (column.data_type === 'bigint') return BIG.toString();
          if (column.data_type === 'integer' || column.data_type === 'smallint') return 0;
          if (column.data_type === 'numeric') return '12.50';
          if (column.data_type === 'boolean') return true;
          return column.column_name.endsWith('_id') ? uuidv7() : AWKWARD_TEXT;
        });
        const names = tableColumns.map((column) => `"${column.column_name}"`).join(', ');
        const placeholders = tableColumns.map((_, index) => `$${index + 1}`).join(', ');
        const imageOf = async () =>
          (
            await client.query<{ image: string }>(
              `select to_jsonb(t)::text as image from "${table}" t where business_id = $1 and id = $2`,
              [business, id],
            )
          ).rows[0]!.image;
        await client.query(`insert into "${table}" (${names}) values (${placeholders})`, values);
        const inserted = await imageOf();
        // An update of one text column (or of a number where the table has no free text), as the trigger saw it.
        const target =
          tableColumns.find(
            (column) =>
              column.data_type === 'text' &&
              !column.column_name.endsWith('_id') &&
              column.column_name !== 'id' &&
              column.column_name !== 'kind',
          ) ?? tableColumns.find((column) => column.data_type === 'bigint')!;
        const next = target.data_type === 'text' ? `${AWKWARD_TEXT} — edited` : '5';
        await client.query(`update "${table}" set "${target.column_name}" = $3 where business_id = $1 and id = $2`, [
          business,
          id,
          next,
        ]);
        const updated = await imageOf();
        // The trigger's own computation of the changed keys, on the two images.
        const fields = (
          await client.query<{ fields: string }>(
            `select coalesce(jsonb_agg(n.key order by n.key), '[]'::jsonb)::text as fields from jsonb_each($2::jsonb) n where ($1::jsonb -> n.key) is distinct from n.value`,
            [inserted, updated],
          )
        ).rows[0]!.fields;
        expected.set(table, [
          { image: inserted, fields: null },
          { image: updated, fields },
        ]);
      }
    } finally {
      await client.end();
    }
    const records = await rawRecords(database, business);
    const entries = records.flatMap((record) =>
      splitEntries(record.entries).map((entry) => ({ ...entry, scope: record.scope, version: record.version })),
    );
    for (const [table, images] of expected) {
      const logged = entries.filter((entry) => entry.table === table);
      expect(
        logged.map((entry) => entry.text),
        table,
      ).toEqual(
        images.map(
          (image, index) =>
            `{"v":${logged[index]?.version},"t":"${table}","row":${image.image},"fields":${image.fields ?? 'null'}}`,
        ),
      );
      const rule = CAPTURED_TABLES[table]!;
      // Children of an order that does not exist fall back to the business scope, as the trigger's coalesce did.
      const scope = rule.kind === 'column' ? `${rule.prefix}:${JSON.parse(images[0]!.image)[rule.column]}` : 'biz';
      expect(
        logged.map((entry) => entry.scope),
        table,
      ).toEqual([scope, scope]);
    }
  });

  it('scopes an order’s children to the order’s point, whether the order is written in the same transaction or before', async () => {
    const business = uuidv7();
    const order = uuidv7();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query("set session_replication_role = 'replica'");
      await client.query('begin');
      await insertSynthetic(client, 'orders', business, uuidv7(), { id: order, automated_point_id: 'point-7' });
      await insertSynthetic(client, 'order_lines', business, uuidv7(), { order_id: order });
      await client.query('commit');
      await insertSynthetic(client, 'order_lines', business, uuidv7(), { order_id: order });
    } finally {
      await client.end();
    }
    const records = await rawRecords(database, business);
    expect(records.map((record) => [record.scope, splitEntries(record.entries).map((entry) => entry.table)])).toEqual([
      ['pt:point-7', ['orders', 'order_lines']],
      ['pt:point-7', ['order_lines']],
    ]);
  });

  it('lets 16 connections write one business at once: none waits on a lock, and no capture trigger runs in their transactions or at their COMMIT', async () => {
    const business = uuidv7();
    const writers = 16;
    const clients = await Promise.all(
      Array.from({ length: writers }, async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        return client;
      }),
    );
    try {
      const pids = clients.map((client) => (client as unknown as { processID: number }).processID);
      // Every writer opens a transaction and writes the business's rows, and all of them are in progress at once:
      // had any single row (a clock) serialised them, the later ones would be waiting here, not done.
      await Promise.all(
        clients.map(async (client, index) => {
          await client.query('begin');
          const row = warehouseRow(business, `writer ${index}`);
          await client.query(
            'insert into warehouses (business_id, id, name, location, is_deleted, dt_created, dt_updated) values ($1, $2, $3, null, 0, $4, $4)',
            [row.business_id, row.id, row.name, row.dt_created],
          );
        }),
      );
      const waiting = await sql<{
        count: string;
      }>`select count(*)::text as count from pg_locks where not granted and pid in (${sql.join(pids)})`.execute(database.db);
      expect(waiting.rows[0]!.count).toBe('0');
      // Nothing runs at COMMIT either: no trigger on a captured table (deferred or not), and no clock row.
      const triggers = await sql<{ name: string }>`
        select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
         where not t.tgisinternal and c.relname in (${sql.join([...Object.keys(CAPTURED_TABLES), 'sync_pending', 'sync_mutations'])})`.execute(
        database.db,
      );
      expect(triggers.rows).toEqual([]);
      await Promise.all(clients.map((client) => client.query('commit')));
      const records = await rawRecords(database, business);
      // 16 transactions, 16 versions, every row logged once.
      expect(new Set(records.map((record) => record.version)).size).toBe(writers);
      expect(records.flatMap((record) => splitEntries(record.entries)).length).toBe(writers);
    } finally {
      await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    }
  });
});

describe.runIf(postgres)('several capture consumers on one database', () => {
  let database: TestDatabase;
  let url: string;
  beforeAll(async () => {
    database = await freshDatabase('postgres', { poolSize: 12, capture: false });
    url = postgresUrlOf(database.db)!;
  });
  afterAll(() => database.dispose());

  const write = (business: string, name: string) =>
    database.writes.transaction((tx) => tx.insertInto('warehouses').values(warehouseRow(business, name)).execute());

  it('elects one reader; when it is killed mid-batch another takes over from the slot with nothing lost and nothing twice', async () => {
    const business = uuidv7();
    let killing: Promise<void> | null = null;
    let first: CaptureConsumer | null = null;
    // The first consumer dies inside its first batch that holds this business's rows: records written, not committed.
    first = new CaptureConsumer(url, {
      standbyRetryMs: 50,
      beforeCommit: async () => {
        killing ??= first!.kill();
        throw new Error('killed mid-batch');
      },
    }).start();
    const second = new CaptureConsumer(url, { standbyRetryMs: 50 });
    try {
      await until(() => first!.status().state === 'leading');
      second.start();
      await until(() => second.status().state === 'standby');
      const names = Array.from({ length: 40 }, (_, index) => `w${index}`);
      for (const name of names.slice(0, 20)) await write(business, name);
      await until(() => killing !== null);
      await killing;
      await Promise.all(names.slice(20).map((name) => write(business, name)));
      await until(() => second.status().state === 'leading');
      await waitForCapture(database.db as never);
      const records = await rawRecords(database, business);
      const logged = records.flatMap((record) =>
        splitEntries(record.entries).map((entry) => JSON.parse(entry.text).row.name as string),
      );
      expect(logged.sort()).toEqual([...names].sort());
      expect(new Set(records.map((record) => record.version)).size).toBe(names.length);
      expect(first.status().transactionsWritten).toBe(0);
      expect(second.status().transactionsWritten).toBeGreaterThanOrEqual(names.length);
      // The slot has been acknowledged up to what the log holds.
      const slot = captureSlotName(new URL(url).pathname.slice(1));
      const confirmed = await sql<{
        lsn: string;
      }>`select confirmed_flush_lsn::text as lsn from pg_replication_slots where slot_name = ${slot}`.execute(database.db);
      expect(confirmed.rows).toHaveLength(1);
    } finally {
      await second.stop();
      await first.stop();
    }
  });

  it('a standby serves the head the leader wrote, and takes over when the leader stops', async () => {
    const business = uuidv7();
    const leader = new CaptureConsumer(url, { standbyRetryMs: 50 }).start();
    await until(() => leader.status().state === 'leading');
    const standby = new CaptureConsumer(url, { standbyRetryMs: 50 }).start();
    try {
      await until(() => standby.status().state === 'standby');
      await write(business, 'before');
      await waitForCapture(database.db as never);
      await until(() => standby.status().version === leader.status().version);
      await leader.stop();
      await write(business, 'after');
      await until(() => standby.status().state === 'leading');
      const records = await rawRecords(database, business);
      expect(records.flatMap((record) => splitEntries(record.entries).map((entry) => JSON.parse(entry.text).row.name))).toEqual([
        'before',
        'after',
      ]);
    } finally {
      await standby.stop();
      await leader.stop();
    }
  });
});

describe.runIf(postgres)('stopping the change capture consumer', () => {
  let database: TestDatabase;
  let url: string;
  beforeAll(async () => {
    database = await freshDatabase('postgres', { capture: false });
    url = postgresUrlOf(database.db)!;
  });
  afterAll(() => database.dispose());

  it('ends within seconds at whatever point of taking the lead it is stopped, and leaves no reader on the slot', async () => {
    const slot = captureSlotName(new URL(url).pathname.slice(1));
    // Each pause lands the stop at a different step: connecting, winning the lock, checking the slot, opening the
    // stream, streaming. A stop that came between two of them once let the next step open a connection it never closed.
    for (const pauseMs of [0, 1, 2, 3, 5, 8, 12, 20, 30, 50, 80, 150, 300]) {
      const consumer = new CaptureConsumer(url, { standbyRetryMs: 50 }).start();
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      const started = Date.now();
      await consumer.stop();
      expect({ pauseMs, stoppedInMs: Date.now() - started < 3_000 }).toEqual({ pauseMs, stoppedInMs: true });
      expect(consumer.status().state).toBe('stopped');
    }
    const deadline = Date.now() + 5_000;
    let readers = 1;
    while (readers > 0 && Date.now() < deadline) {
      const active = await sql<{ n: number }>`select count(*)::int as n from pg_replication_slots where slot_name = ${slot} and active`.execute(database.db);
      readers = active.rows[0]!.n;
      if (readers > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(readers).toBe(0);
  }, 120_000);
});

/** Inserts a row of `table` with a synthetic value in every column (text ids, scaled integers), `overrides` first. */
async function insertSynthetic(
  client: pg.Client,
  table: string,
  business: string,
  id: string,
  overrides: Record<string, unknown>,
): Promise<void> {
  const columns = await client.query<{ column_name: string; data_type: string }>(
    `select column_name, data_type from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  const values = columns.rows.map((column) => {
    if (column.column_name in overrides) return overrides[column.column_name];
    if (column.column_name === 'business_id') return business;
    if (column.column_name === 'id') return id;
    if (column.data_type === 'bigint' || column.data_type === 'integer' || column.data_type === 'smallint') return 0;
    return column.column_name.endsWith('_id') ? uuidv7() : 'x';
  });
  const names = columns.rows.map((column) => `"${column.column_name}"`).join(', ');
  await client.query(
    `insert into "${table}" (${names}) values (${values.map((_, index) => `$${index + 1}`).join(', ')})`,
    values,
  );
}

/** A record's entries, split at the top level (entries are objects separated by commas). */
function splitEntries(entries: string): { table: string; text: string }[] {
  const parsed = JSON.parse(`[${entries}]`) as { t: string }[];
  const texts: string[] = [];
  let depth = 0;
  let start = 0;
  let inString = false;
  for (let index = 0; index < entries.length; index += 1) {
    const char = entries[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) texts.push(entries.slice(start, index + 1));
    } else if (char === ',' && depth === 0) start = index + 1;
  }
  return parsed.map((entry, index) => ({ table: entry.t, text: texts[index]! }));
}

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
