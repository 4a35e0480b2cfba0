import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { POSTGRES_ADMIN_URL, testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { insertClient, insertItem } from '../helpers/fixtures.js';
import { uuidv7 } from '../../shared/ids.js';

const GET = '/api/v1/get';
/** Short enough for a test, long enough for a cold child process and a loaded machine. */
const TIMEOUT_MS = 1_500;
const MAX_ROWS = 100;

describe.each(await testEngines())('reporting queries (POST /get) on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  let groupId: string;

  const query = (tenant: Tenant, text: string) =>
    server.request<any>('POST', GET, { token: tenant.token, body: { query: text } });
  const rows = async (tenant: Tenant, text: string) => {
    const response = await query(tenant, text);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(Array.isArray(response.body)).toBe(true);
    return response.body as Record<string, unknown>[];
  };
  const refused = async (tenant: Tenant, text: string, message?: string | RegExp) => {
    const response = await query(tenant, text);
    expectErrorBody(response, 400, message);
    return response;
  };
  const countItems = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('items')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function insertGroup(tenant: Tenant, name: string) {
    const now = new Date().toISOString();
    const row = {
      business_id: tenant.businessId,
      id: uuidv7(),
      is_deleted: 0,
      dt_created: now,
      dt_updated: now,
      name,
      description: null,
      search_name: null,
      measurement: 'pcs',
      price: 0n,
      cost: null,
      shtrix: null,
      color: null,
      type: 'GROUP',
      id_automated_point: '0',
      tax_id: null,
      discount_id: null,
      pictures: '[]',
      is_menu: 0,
      is_service: 0,
      allow_pickup: 0,
      allow_delivery: 0,
    };
    await server.database.db.insertInto('item_groups').values(row).execute();
    return row.id;
  }

  /** An order straight into the tables (orders have their own tests): its lines' quantities and prices in units. */
  async function insertOrder(tenant: Tenant, lines: { itemId: string; quantity: bigint; price: bigint }[], closed = true) {
    const now = new Date().toISOString();
    const common = { business_id: tenant.businessId, is_deleted: 0, dt_created: now, dt_updated: now };
    const total = lines.reduce((sum, line) => sum + (line.quantity * line.price) / 1000n, 0n);
    const order = {
      ...common,
      id: uuidv7(),
      guid: null,
      request_hash: null,
      order_id: 'A-1',
      order_name: null,
      total_discount: 0n,
      total_tax: 0n,
      total_paid: total,
      total_change: 0n,
      subtotal: total,
      total_sum: total,
      settlement_id: null,
      discount_percent: null,
      discount_sum: null,
      employee_id: tenant.userId,
      client_id: null,
      payment_id: null,
      automated_point_id: 'p',
      workplace_id: 'w',
      barcode: null,
      delivery_fee: null,
      dt_closed: closed ? now : null,
      is_voided: 0,
      is_refunded: 0,
      is_closed: closed ? 1 : 0,
      debt_client_id: null,
      debt_posted: 0n,
    };
    await server.database.db.insertInto('orders').values(order).execute();
    await server.database.db
      .insertInto('order_lines')
      .values(
        lines.map((line, index) => ({
          ...common,
          id: uuidv7(),
          order_id: order.id,
          line_no: index + 1,
          item_id: line.itemId,
          quantity: line.quantity,
          price: line.price,
          subtotal: (line.quantity * line.price) / 1000n,
          note: null,
          employee_id: tenant.userId,
          discount_id: null,
          warehouse_id: null,
          is_voided: 0,
          is_refunded: 0,
        })),
      )
      .execute();
  }

  beforeAll(async () => {
    // A SQLite file, as the service runs: reporting queries then run in child processes that can be stopped.
    server = await startTestServer(
      engine,
      { reporting: { timeoutMs: TIMEOUT_MS, maxRows: MAX_ROWS, concurrency: 2 } },
      { sqliteFile: true },
    );
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
    groupId = await insertGroup(shop, 'Drinks');
    const tea = await insertItem(server, shop, { name: 'Tea', price: 1250n });
    const water = await insertItem(server, shop, { name: 'Water', price: 10n });
    const juice = await insertItem(server, shop, { name: 'Juice', price: 20n });
    await server.database.db.updateTable('items').set({ group_id: groupId }).where('id', 'in', [tea, water]).execute();
    await server.database.db.updateTable('items').set({ is_deleted: 1 }).where('id', '=', juice).execute();
    for (let i = 0; i < 17; i++) await insertItem(server, shop, { name: `Snack ${String(i).padStart(2, '0')}`, price: 100n });
    await insertOrder(shop, [
      { itemId: tea, quantity: 2500n, price: 1250n },
      { itemId: water, quantity: 1000n, price: 10n },
    ]);
    await insertOrder(shop, [{ itemId: tea, quantity: 1000n, price: 1250n }], false);
    await insertItem(server, rival, { name: 'Rival secret', price: 99_999_999n });
    await insertClient(server, rival, 'Rival client');
  });
  afterAll(() => server.close());

  describe('answers', () => {
    it('sums and counts over a reporting view, money as exact decimal strings and counts as numbers', async () => {
      const [row] = await rows(
        shop,
        `select count(*) as n, sum(price) as total from "S_Item" where name in ('Tea', 'Water', 'Juice')`,
      );
      expect(row).toEqual({ n: 3, total: '12.8' });
      // 0.1 + 0.2 is 0.3 here, not 0.30000000000000004.
      const [small] = await rows(shop, `select sum(price) as total from "S_Item" where name in ('Water', 'Juice')`);
      expect(small).toEqual({ total: '0.3' });
    });

    it('answers 201 with the rows in the order the query asks, under the reference column names', async () => {
      const response = await query(shop, `select name, price, is_deleted from "S_Item" where price < 1 order by name desc`);
      expect(response.status).toBe(201);
      expect(response.body).toEqual([
        { name: 'Water', price: '0.1', is_deleted: engine === 'postgres' ? false : 0 },
        { name: 'Juice', price: '0.2', is_deleted: engine === 'postgres' ? true : 1 },
      ]);
    });

    it('joins views, groups and filters on the soft-delete flag as the reference allows', async () => {
      const result = await rows(
        shop,
        `select g.name as "group", count(*) as items, sum(i.price) as total
           from "S_Item" i join "S_Item_Group" g on g.id = i.group_id
          where i.is_deleted = false
          group by g.name`,
      );
      expect(result).toEqual([{ group: 'Drinks', items: 2, total: '12.6' }]);
    });

    it('joins orders to their lines and items: quantities and money stay exact', async () => {
      const result = await rows(
        shop,
        `select i.name, sum(l.quantity) as qty, sum(l.subtotal) as revenue, count(distinct o.id) as orders
           from "D_Order" o join "T_Order_Item" l on l.order_id = o.id join "S_Item" i on i.id = l.item_id
          where o.is_closed = true
          group by i.name order by i.name`,
      );
      expect(result).toEqual([
        { name: 'Tea', qty: '2.5', revenue: '31.25', orders: 1 },
        { name: 'Water', qty: '1', revenue: '0.1', orders: 1 },
      ]);
    });

    it("accepts the query's own WITH tables, subqueries and views referenced inside them, all scoped to the caller", async () => {
      const result = await rows(
        shop,
        `with priced as (select name, price from "S_Item" where is_deleted = false),
              dear as (select * from priced where price > (select avg(price) from "S_Item"))
         select (select count(*) from priced) as live, (select count(*) from dear) as dear, (select max(name) from "S_Item") as last`,
      );
      expect(result).toEqual([{ live: 19, dear: 1, last: 'Water' }]);
    });

    it("a WITH table named like a stored table is the query's own, never the stored one", async () => {
      const result = await rows(shop, `with items as (select name from "S_Item" where name = 'Tea') select * from items`);
      expect(result).toEqual([{ name: 'Tea' }]);
    });

    it('keywords inside string literals are only text (no false positives)', async () => {
      const result = await rows(shop, `select 'drop table items; delete from users; insert; pg_sleep(1)' as text`);
      expect(result).toEqual([{ text: 'drop table items; delete from users; insert; pg_sleep(1)' }]);
    });

    it('comments are dropped before the query runs, whatever they seem to hide', async () => {
      expect(await rows(shop, `select count(*) as n /* ; drop table items */ from "S_Item" -- ; delete from items`)).toEqual([
        { n: 20 },
      ]);
      // Nested block comments (PostgreSQL nests them): the check reads them as the engine does.
      await refused(shop, `select 1 as one /* /* */ , ' */ , (select login from users) -- ' as two`, 'Unknown table "users"');
      expect(await countItems()).toBeGreaterThan(20);
    });

    it('integers beyond 2^53 come back as strings, never rounded', async () => {
      expect(await rows(shop, 'select 9007199254740993 as big, 42 as small')).toEqual([{ big: '9007199254740993', small: 42 }]);
    });

    it('an error in the query itself is a 400 saying what is wrong, without internals', async () => {
      const response = await refused(shop, 'select nope from "S_Item"', /Query failed: .*nope/);
      expect(JSON.stringify(response.body)).not.toMatch(/business_id|kassa_report|items/);
    });
  });

  describe('tenancy and access', () => {
    it("another business's rows are never visible", async () => {
      expect(await rows(shop, `select count(*) as n from "S_Item" where name = 'Rival secret'`)).toEqual([{ n: 0 }]);
      expect(await rows(shop, 'select count(*) as n from "S_Clients"')).toEqual([{ n: 0 }]);
      expect(await rows(rival, 'select name, price from "S_Item"')).toEqual([{ name: 'Rival secret', price: '999999.99' }]);
    });

    it('the tenant column is not part of any view, so it cannot be used to widen a query', async () => {
      await refused(shop, `select count(*) from "S_Item" where business_id = '${rival.businessId}' or 1 = 1`, /Query failed/);
    });

    it('the employee view never shows the PIN hash', async () => {
      await cashierToken(server, shop);
      const [row] = await rows(shop, 'select * from "S_Employee" limit 1');
      expect(Object.keys(row ?? {})).toContain('full_name');
      expect(JSON.stringify(row)).not.toMatch(/pin|scrypt|password/i);
      await refused(shop, 'select pin_hash from "S_Employee"', /Query failed/);
    });

    it('S9: a cashier (EMPLOYEE) is refused with 403', async () => {
      const cashier = await cashierToken(server, shop);
      expectErrorBody(
        await server.request('POST', GET, { token: cashier.token, body: { query: 'select 1' } }),
        403,
        'Forbidden resource',
      );
    });

    it('requires a valid token and a strict body', async () => {
      await expectAuthRequired(server, 'POST', GET, { query: 'select 1' });
      await expectStrictBody(server, 'POST', GET, shop.token, { query: 'select 1' });
      expectValidation(await server.request('POST', GET, { token: shop.token, body: {} }), 'query is required');
      expectValidation(
        await server.request('POST', GET, { token: shop.token, body: { query: '' } }),
        'query should not be empty',
      );
      expectValidation(await server.request('POST', GET, { token: shop.token, body: { query: 7 } }), 'query must be a string');
    });
  });

  describe('S9: every bypass of the reference is refused with a 400', () => {
    it.each([
      'select datname from pg_database',
      'select * from pg_catalog.pg_tables',
      'select table_name from information_schema.tables',
      "select * from pragma_table_info('items')",
      'select * from pg_class',
    ])('S9: catalog enumeration is refused: %s', async (text) => {
      await refused(shop, text, /not allowed|Unknown table|reporting views/);
    });

    it("S9: catalog enumeration is refused: SQLite's sqlite_master", async () => {
      const response = await query(shop, 'select name, sql from sqlite_master');
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('Unknown table "sqlite_master"');
    });

    it('S9: SELECT … INTO is refused and creates nothing', async () => {
      await refused(shop, 'select * into "Evil" from "S_Item"', 'INTO is not allowed');
      await refused(shop, 'select name into temp evil from "S_Item"');
      const tables = await server.database.db.introspection.getTables();
      expect(tables.map((table) => table.name.toLowerCase())).not.toContain('evil');
    });

    it('S9: a writable WITH (DELETE … RETURNING) is refused and deletes nothing', async () => {
      const before = await countItems();
      await refused(shop, 'with gone as (delete from items returning *) select * from gone');
      await refused(shop, 'with gone as (update items set price = 0 returning id) select count(*) from gone');
      expect(await countItems()).toBe(before);
    });

    it('S9: several statements are refused and none of them runs', async () => {
      const before = await countItems();
      await refused(shop, 'select 1; drop table items', 'Only one statement');
      await refused(shop, 'select 1; delete from items', 'Only one statement');
      expect(await countItems()).toBe(before);
    });

    it.each([
      ['pg_sleep', 'select pg_sleep(10)'],
      ['pg_read_file', "select pg_read_file('/etc/passwd')"],
      ['lo_export', "select lo_export(1, '/tmp/evil')"],
      ['set_config', "select set_config('statement_timeout', '0', false)"],
      ['current_setting', "select current_setting('data_directory')"],
      ['dblink', "select * from \"S_Item\" where name = dblink('host=x', 'select 1')"],
      ['randomblob', 'select randomblob(1000000000)'],
      ['zeroblob', 'select zeroblob(1000000000)'],
      ['load_extension', "select load_extension('/tmp/evil.so')"],
      ['repeat', "select repeat('x', 1000000000)"],
      ['pg_catalog.lower', "select pg_catalog.lower('A')"],
    ])('S9: the function %s is refused', async (_name, text) => {
      await refused(shop, text, /not allowed|not available/);
    });

    it.each(['items', 'audit_log', 'users', 'employees', 'Items'])('S9: the stored table %s cannot be read', async (table) => {
      await refused(shop, `select * from ${table}`, `Unknown table "${table}"`);
      await refused(shop, `select count(*) from "S_Item" where id in (select id from ${table})`, 'Unknown table');
      await refused(shop, `select * from "S_Item" i join ${table} t on t.id = i.id`, 'Unknown table');
    });

    it('S9: comments cannot hide a stored table from the check', async () => {
      await refused(shop, 'select/**/login/**/from/**/users', 'Unknown table "users"');
      await refused(shop, 'select 1 from "S_Item" --\n, users', 'Unknown table "users"');
    });

    it('S9: a backslash cannot end a string early for the engine but not for the check', async () => {
      await refused(shop, "select 'a\\' , (select login from users) --'", 'Backslashes are not allowed');
    });

    it('S9: a WITH table is visible only in its own scope, never as a stored table elsewhere', async () => {
      await refused(shop, 'select * from (with users as (select 1 as a) select * from users) q, users', 'Unknown table "users"');
      await refused(shop, 'with a as (select * from b), b as (select 1 as x) select * from a', 'Unknown table "b"');
      await refused(shop, 'with "S_Item" as (select 1 as x) select * from "S_Item"', 'already the name');
    });

    it('S9: recursive queries are refused', async () => {
      await refused(shop, 'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r', 'RECURSIVE');
    });

    it('S9: query parameters, locking clauses and other statements are refused', async () => {
      await refused(shop, 'select * from "S_Item" where id = $1', 'parameters');
      await refused(shop, 'select * from "S_Item" for update');
      await refused(shop, 'update items set price = 0', /Only a query \(SELECT\)|could not be parsed/);
      await refused(shop, 'create table evil as select 1', /Only a query \(SELECT\)|could not be parsed/);
      await refused(shop, "copy (select 1) to '/tmp/x'");
    });

    it('S9: unquoted SQL keywords that PostgreSQL would run as functions are plain column names', async () => {
      await refused(shop, 'select user, current_schema, current_catalog from "S_Item"', /Query failed/);
    });

    it('S9: a query that runs too long is stopped at the time limit while the service keeps answering', async () => {
      const started = Date.now();
      const heavy = query(
        shop,
        'select count(*) from "S_Item" a, "S_Item" b, "S_Item" c, "S_Item" d, "S_Item" e, "S_Item" f, "S_Item" g',
      );
      let heavyDone = false;
      void heavy.then(() => (heavyDone = true));
      // Meanwhile the service answers other requests (SQLite runs the heavy one in a child process)…
      const listed = await server.request('GET', '/api/v1/warehouses/all', { token: shop.token });
      expect(listed.status).toBe(200);
      expect(heavyDone).toBe(false);
      // …reporting ones included, in the other slot.
      expect(await rows(shop, 'select count(*) as n from "S_Item"')).toEqual([{ n: 20 }]);
      expectErrorBody(await heavy, 400, /took longer than 1.5 s/);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3_000);
      // The next query runs normally (on SQLite, in a fresh child process).
      expect(await rows(shop, 'select count(*) as n from "S_Item"')).toEqual([{ n: 20 }]);
    });

    it('S9: more rows than the cap is refused with a hint rather than silently cut', async () => {
      await refused(shop, 'select a.id from "S_Item" a, "S_Item" b', `more than ${MAX_ROWS} rows`);
      expect(await rows(shop, `select a.id from "S_Item" a, "S_Item" b limit ${MAX_ROWS}`)).toHaveLength(MAX_ROWS);
    });
  });
});

describe.each(await testEngines())('exact numbers in reporting queries, the same on %s as on the other engine', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  beforeAll(async () => {
    server = await startTestServer(engine, { reporting: { timeoutMs: TIMEOUT_MS, maxRows: 100, concurrency: 2 } }, { sqliteFile: true });
    shop = await registerTenant(server, 'exact');
    await insertItem(server, shop, { name: 'Huge', price: 11999999999999993n });
    await insertItem(server, shop, { name: 'Huge debt', price: -11999999999999993n });
    await insertItem(server, shop, { name: 'Round huge', price: 12000000000000000n });
    await insertItem(server, shop, { name: 'Largest REAL', price: 999999999999999n });
    await insertItem(server, shop, { name: 'Just beyond', price: 1000000000000050n });
    await insertItem(server, shop, { name: 'Tea', price: 1250n });
  });
  afterAll(() => server.close());

  const ask = (text: string) => server.request<any>('POST', GET, { token: shop.token, body: { query: text } });

  it('every stored amount reads as its exact decimal string, however large', async () => {
    const response = await ask('select name, price from "S_Item" order by name');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toEqual([
      { name: 'Huge', price: '119999999999999.93' },
      { name: 'Huge debt', price: '-119999999999999.93' },
      { name: 'Just beyond', price: '10000000000000.5' },
      { name: 'Largest REAL', price: '9999999999999.99' },
      { name: 'Round huge', price: '120000000000000' },
      { name: 'Tea', price: '12.5' },
    ]);
  });

  it('ordinary amounts still compare and add as numbers', async () => {
    const response = await ask(`select name, price + 1 as more, price * 2 as twice from "S_Item" where price < 100 and price > 0 order by price`);
    expect(response.body).toEqual([{ name: 'Tea', more: '13.5', twice: '25' }]);
  });

  it.each([
    'select 9223372036854775807 + 1 as n',
    'select 9223372036854775807 * 2 as n',
    'select 0 - 9223372036854775807 - 2 as n',
    'select (select count(*) from "S_Item") * 4611686018427387904 as n',
  ])('an integer overflow is a 400, not a rounded number: %s', async (text) => {
    expectErrorBody(await ask(text), 400, /Query failed: .*out of range/);
  });

  it('a negative integer literal too large for a double to hold is refused rather than run rounded', async () => {
    expectErrorBody(await ask('select -9223372036854775807 as n'), 400, 'cannot be read exactly');
    expect((await ask('select 0 - 9223372036854775807 as n')).body).toEqual([{ n: '-9223372036854775807' }]);
  });

  it('integer arithmetic up to the limit is exact, and mixed arithmetic follows the engine rules both engines share', async () => {
    const response = await ask(`select 9223372036854775806 + 1 as top, 7 - 2 as d, 3 * 4 as m, 1 + 1.5 as mixed, null + 1 as nothing`);
    expect(response.body).toEqual([{ top: '9223372036854775807', d: 5, m: 12, mixed: '2.5', nothing: null }]);
  });
});

/** `replace` nested `depth` deep, each level turning every x into ten: 6 × 10^depth characters from a tiny text. */
const nestedReplace = (depth: number, inner = "'xxxxxx'") =>
  Array.from({ length: depth }).reduce<string>((text) => `replace(${text}, 'x', 'xxxxxxxxxx')`, inner);

/** A value doubled ten times per WITH level: 10^levels characters, no function needed. */
const concatenated = (levels: number) => {
  const steps = Array.from({ length: levels }, (_, i) => `l${i + 1} as (select ${Array(10).fill('s').join(' || ')} as s from l${i})`);
  return `with l0 as (select 'xxxxxxxxxx' as s), ${steps.join(', ')} select length(s) as n, s from l${levels}`;
};

async function reportingBackendsGone(server: TestServer) {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    const database = (await sql<{ name: string }>`select current_database() as name`.execute(server.database.db)).rows[0]?.name;
    for (let tries = 0; tries < 200; tries++) {
      const left = await admin.query(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'kassa-reporting' and state = 'active'`,
        [database],
      );
      if (left.rows[0]?.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await admin.end();
  }
}

const AMPLIFIERS: readonly (readonly [string, string])[] = [
  ['replace nested eight deep (600 million characters)', `select ${nestedReplace(8)} as s`],
  ['replace nested over a cross join', `select ${nestedReplace(4, 'a.name')} as s from "S_Item" a, "S_Item" b, "S_Item" c`],
  ['repeat', "select repeat('x', 1000000000) as s"],
  ['lpad', "select lpad('x', 1000000000, 'y') as s"],
  ['string_agg over a cross join', `select string_agg(${nestedReplace(3, 'a.name')}, ',') as s from "S_Item" a, "S_Item" b, "S_Item" c`],
  ['array_agg over a cross join', `select array_agg(${nestedReplace(3, 'a.name')}) as s from "S_Item" a, "S_Item" b, "S_Item" c`],
  ['group_concat over a cross join', `select group_concat(${nestedReplace(3, 'a.name')}) as s from "S_Item" a, "S_Item" b, "S_Item" c`],
  ['cross joins of generate_series', 'select count(*) from generate_series(1, 100000) a, generate_series(1, 100000) b'],
  // Ten million characters at the end; without the fences of check.ts, PostgreSQL's planner would copy the
  // expression 10^7 times before running anything (nine levels took 17 GB and the database with it).
  ['concatenation through WITH tables', concatenated(7)],
  [
    'deeply nested JSON builders',
    `select ${Array.from({ length: 12 }).reduce<string>((inner) => `json_build_array(${inner}, ${inner})`, "'x'")} as j`,
  ],
  ['a wide cross join of views', 'select * from "S_Item" a, "S_Item" b, "S_Item" c, "S_Item" d, "S_Item" e'],
];

describe.each(await testEngines())('no reporting query can take the service down or hold more than its budget, on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;

  beforeAll(async () => {
    server = await startTestServer(
      engine,
      { reporting: { timeoutMs: TIMEOUT_MS, maxRows: 10_000, concurrency: 2, maxBytes: 64 * 1024 } },
      { sqliteFile: true },
    );
    [shop, rival] = await Promise.all([registerTenant(server, 'amp'), registerTenant(server, 'bystander')]);
    for (let i = 0; i < 20; i++) await insertItem(server, shop, { name: `Item ${String(i).padStart(2, '0')} xx`, price: 100n });
    await insertItem(server, rival, { name: 'Bystander tea', price: 500n });
  });
  afterAll(async () => {
    // A PostgreSQL backend inside one long function call (a 600-million-character replace) notices that its
    // client is gone only when the call returns: wait for that before dropping the test database.
    if (engine === 'postgres') await reportingBackendsGone(server);
    await server.close();
  }, 60_000);

  const ask = (tenant: Tenant, text: string) => server.request<any>('POST', GET, { token: tenant.token, body: { query: text } });

  it.each(AMPLIFIERS)('an amplifier (%s) is answered with a 4xx while another tenant is served', async (_name, text) => {
    const attack = ask(shop, text);
    // Meanwhile the other tenant's plain requests and reporting queries are answered.
    const [listed, report] = await Promise.all([
      server.request('GET', '/api/v1/warehouses/all', { token: rival.token }),
      ask(rival, 'select name, price from "S_Item"'),
    ]);
    expect(listed.status).toBe(200);
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    expect(report.body).toEqual([{ name: 'Bystander tea', price: '5' }]);
    const response = await attack;
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expectErrorBody(response, response.status);
    // And the service answers the attacker's next plain query as usual.
    expect((await ask(shop, 'select count(*) as n from "S_Item"')).body).toEqual([{ n: 20 }]);
  });

  it('a single value past the byte budget is refused as too large, not sent', async () => {
    expectErrorBody(await ask(shop, `select ${nestedReplace(5)} as s`), 400, /The result is too large \(over 65536 characters/);
  });

  it('many small rows past the byte budget are refused as too large, even under the row cap', async () => {
    expectErrorBody(
      await ask(shop, 'select a.name, b.name as other from "S_Item" a, "S_Item" b, "S_Item" c'),
      400,
      /The result is too large \(over 65536 characters/,
    );
    expect(await ask(shop, 'select a.name from "S_Item" a, "S_Item" b limit 50').then((r) => r.body.length)).toBe(50);
  });

  it('a reporting connection that dies mid-query ends only its own child: a 400, and the next query runs', async () => {
    if (engine !== 'postgres') return;
    const slow = ask(shop, 'select count(*) from "S_Item" a, "S_Item" b, "S_Item" c, "S_Item" d, "S_Item" e, "S_Item" f');
    // Only this test's query, in this test's database: other test files run reporting queries on the same cluster at
    // the same time, and ending theirs made them fail (the AI chat's, in CI).
    const database = (await sql<{ name: string }>`select current_database() as name`.execute(server.database.db)).rows[0]!.name;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    let ended = false;
    try {
      // Wait until the query is running, then end its backend from outside as an operator (or a crash) would.
      for (let tries = 0; tries < 50; tries++) {
        const terminated = await admin.query(
          `select pg_terminate_backend(pid) as ok from pg_stat_activity
            where datname = $1 and application_name = 'kassa-reporting' and state = 'active' and query like '%kassa_capped%'`,
          [database],
        );
        ended = Boolean(terminated.rowCount);
        if (ended) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await admin.end();
    }
    expect(ended).toBe(true);
    const refused = await slow;
    expectErrorBody(refused, 400);
    // Ended from outside, not stopped at the time limit.
    expect(JSON.stringify(refused.body)).not.toMatch(/took longer/);
    expect((await ask(shop, 'select count(*) as n from "S_Item"')).body).toEqual([{ n: 20 }]);
  });
});

describe('reporting queries on an in-memory SQLite database', () => {
  it('run in process, with the same check and row cap (and no time limit: nothing can interrupt them there)', async () => {
    const server = await startTestServer('sqlite', { reporting: { timeoutMs: 1_000, maxRows: 2, concurrency: 1 } });
    try {
      const shop = await registerTenant(server, 'memo');
      for (const name of ['A', 'B', 'C']) await insertItem(server, shop, { name, price: 150n });
      const ok = await server.request('POST', GET, {
        token: shop.token,
        body: { query: 'select name, price from "S_Item" order by name limit 2' },
      });
      expect(ok.status).toBe(201);
      expect(ok.body).toEqual([
        { name: 'A', price: '1.5' },
        { name: 'B', price: '1.5' },
      ]);
      expectErrorBody(
        await server.request('POST', GET, { token: shop.token, body: { query: 'select * from "S_Item"' } }),
        400,
        'more than 2 rows',
      );
      expectErrorBody(
        await server.request('POST', GET, { token: shop.token, body: { query: 'select * from items' } }),
        400,
        'Unknown table',
      );
      // query_only was switched back off: the service still writes.
      await insertItem(server, shop, { name: 'D' });
      const count = await server.database.db
        .selectFrom('items')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBeGreaterThan(3);
    } finally {
      await server.close();
    }
  });
});
