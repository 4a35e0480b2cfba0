import { describe, expect, it } from 'vitest';
import { OperationError } from '../../shared/errors.js';
import { checkReportingQuery } from './check.js';
import { composeReportingQuery, POSTGRES_GUARD_MARK } from './compose.js';
import type { Dialect } from './sql-rules.js';
import { REPORTING_VIEW_NAMES } from './views.js';

const check = (text: string, dialect: Dialect = 'postgres') => checkReportingQuery(text, dialect, REPORTING_VIEW_NAMES);

async function refusal(text: string, dialect: Dialect = 'postgres'): Promise<string> {
  try {
    await check(text, dialect);
  } catch (error) {
    expect(error).toBeInstanceOf(OperationError);
    expect((error as OperationError).statusCode).toBe(400);
    return (error as OperationError).message;
  }
  throw new Error(`accepted: ${text}`);
}

describe('the reporting query check', () => {
  it.each<[Dialect, string]>([
    [
      'postgres',
      'select name, count(*) c, sum(price) from "S_Item" i join "S_Item_Group" g on g.id = i.group_id group by name order by 2 desc limit 5',
    ],
    [
      'postgres',
      `select date_trunc('month', dt_created) m, extract(year from dt_created), price::numeric(12,2) from "S_Item" where name ilike 'a%'`,
    ],
    ['postgres', 'select distinct on (type) type, name from "S_Item" order by type, name nulls last'],
    ['postgres', `select string_agg(name, ', ' order by name), count(*) filter (where price > 1) from "S_Item"`],
    [
      'postgres',
      'select id, row_number() over (partition by type order by price desc), sum(price) over (order by name rows between 2 preceding and current row) from "S_Item"',
    ],
    ['postgres', 'select max(price) over w from "S_Item" window w as (partition by type)'],
    [
      'postgres',
      'select 1 from "S_Item" where price > any (select total from "D_Receipt") and not exists (select 1 from "D_Order")',
    ],
    [
      'postgres',
      'select id from "S_Item" union all select id from "D_Receipt" intersect select id from "T_Receipt" except select id from "S_Clients"',
    ],
    ['postgres', `select now() - interval '7 days', current_date, coalesce(null, 1), case when true then 'a' else 'b' end`],
    [
      'sqlite',
      `select strftime('%Y-%m', dt_created) m, total(price), group_concat(name, ','), iif(price > 1, 'x', 'y') from "S_Item" group by m`,
    ],
    ['sqlite', 'select * from s_item'],
    ['sqlite', 'with a as (select id from "S_Item"), b as (select * from a) select a.id, b.* from a cross join b'],
  ])('accepts ordinary analytics on %s: %s', async (dialect, text) => {
    await expect(check(text, dialect)).resolves.toBeDefined();
  });

  it('prints a statement that checks and prints back the same: what runs is read as it was checked', async () => {
    for (const text of [
      'select t.*, t.name, count(*) over w from "S_Item" t join "D_Receipt" using (id) window w as (partition by t.type)',
      `with a(x) as (select price from "S_Item" where name like 'it''s%') select x::numeric(12, 2), -x from a order by 1 desc nulls last`,
      'select (select max(price) from "S_Item") m, exists (select 1 from "S_Clients") e union all select 1, false',
    ]) {
      const once = await check(text);
      const twice = await check(once.sql);
      expect(twice.sql).toBe(once.sql);
      expect([...twice.views]).toEqual([...once.views]);
    }
  });

  it('prints back what runs: comments gone, every name quoted, views and own WITH tables listed', async () => {
    const checked = await check(
      'with cheap as (select name from "S_Item" where price < 1) /* x */ select name, user from cheap -- y',
    );
    expect(checked.sql).toBe(
      'WITH "cheap" AS (SELECT * FROM (SELECT "name" FROM "S_Item" WHERE "price" < 1) AS "kassa_fence" OFFSET 0) SELECT "name", "user" FROM "cheap"',
    );
    expect([...checked.views]).toEqual(['S_Item']);
    expect([...checked.ownTables]).toEqual(['cheap']);
  });

  it('turns PostgreSQL casts into CAST(… AS …) for SQLite', async () => {
    expect((await check('select price::integer from "S_Item"', 'sqlite')).sql).toBe(
      'SELECT CAST("price" AS INTEGER) FROM "S_Item"',
    );
  });

  it('compares table names exactly on PostgreSQL (every name is printed quoted) and ignoring case on SQLite', async () => {
    expect(await refusal('select * from s_item')).toContain('Unknown table "s_item"');
    expect([...(await check('select * from S_ITEM', 'sqlite')).views]).toEqual(['S_Item']);
  });

  it.each([
    ['select datname from pg_database', 'Unknown table "pg_database"'],
    ['select * from pg_catalog.pg_class', 'Schema-qualified table names'],
    ['select * from information_schema.tables', 'Schema-qualified table names'],
    ['select * from main.items', 'Schema-qualified table names'],
    ["select * from pragma_table_info('items')", 'Only reporting views and subqueries'],
    ['select * from generate_series(1, 10)', 'Only reporting views and subqueries'],
    ['select * from (values (1)) v', 'Only reporting views and subqueries'],
    ['select * into "Evil" from "S_Item"', 'INTO is not allowed'],
    ['with x as (delete from items returning *) select * from x', 'could not be parsed'],
    ['select 1; drop table items', 'Only one statement'],
    ['delete from items', 'Only a query (SELECT)'],
    ['select * from "S_Item" for update', 'could not be parsed'],
    ['select pg_sleep(1)', 'Function pg_sleep is not allowed'],
    ["select pg_read_file('/etc/passwd')", 'Function pg_read_file is not allowed'],
    ["select set_config('a', 'b', false)", 'Function set_config is not allowed'],
    ["select current_setting('data_directory')", 'Function current_setting is not allowed'],
    ["select lo_export(1, '/tmp/x')", 'Function lo_export is not allowed'],
    ['select pg_catalog.lower(name) from "S_Item"', 'Schema-qualified function names'],
    ['select x.y.z from "S_Item"', 'Schema-qualified column names'],
    ['select 1::regclass', 'Casting to REGCLASS'],
    ['select * from "S_Item" where id = $1', 'Query parameters'],
    ["select 'a\\' , (select login from users) --'", 'Backslashes are not allowed'],
    ['with recursive r(n) as (select 1) select * from r', 'WITH RECURSIVE'],
    ['with a as (select * from b), b as (select 1 x) select * from a', 'Unknown table "b"'],
    ['select * from (with users as (select 1 a) select * from users) q, users', 'Unknown table "users"'],
    ['with a as (select 1 x) select * from (with a as (select * from a) select * from a) q', 'already the name'],
    ['with "S_Item" as (select 1 x) select * from "S_Item"', 'already the name'],
    ['select (select login from users)', 'Unknown table "users"'],
    ['select 1 from "S_Item" where exists (select 1 from audit_log)', 'Unknown table "audit_log"'],
    ['select 1 as "a""b"', 'could not be parsed'],
    ['', 'empty'],
  ])('refuses %s', async (text, message) => {
    expect(await refusal(text)).toContain(message);
  });

  it('refuses functions of the other engine with a hint rather than a database error', async () => {
    expect(await refusal(`select strftime('%Y', dt_created) from "S_Item"`)).toContain('not available on this service');
    expect(await refusal(`select date_trunc('day', dt_created) from "S_Item"`, 'sqlite')).toContain(
      'not available on this service',
    );
    expect(await refusal('select randomblob(10)', 'sqlite')).toContain('Function randomblob is not allowed');
    expect(await refusal("select load_extension('x')", 'sqlite')).toContain('Function load_extension is not allowed');
  });
});

describe('fences on PostgreSQL', () => {
  it('every subquery in FROM and every WITH table is computed once at run time (OFFSET 0), so the planner never copies expressions level after level', async () => {
    const checked = await check(
      'with a as (select name from "S_Item"), b as (select name || name as s from a) select s, (select count(*) from b) as n from (select s from b) x',
    );
    expect(checked.sql).toBe(
      'WITH "a" AS (SELECT * FROM (SELECT "name" FROM "S_Item") AS "kassa_fence" OFFSET 0), "b" AS (SELECT * FROM (SELECT "name" || "name" AS "s" FROM "a") AS "kassa_fence" OFFSET 0) SELECT "s", (SELECT COUNT(*) FROM "b") AS "n" FROM (SELECT * FROM (SELECT "s" FROM "b") AS "kassa_fence" OFFSET 0) AS "x"',
    );
  });

  it('a set operation inside a subquery is fenced whole', async () => {
    expect((await check('select * from (select 1 as x union all select 2) u')).sql).toBe(
      'SELECT * FROM (SELECT * FROM (SELECT 1 AS "x" UNION ALL SELECT 2) AS "kassa_fence" OFFSET 0) AS "u"',
    );
  });

  it('SQLite queries are printed without fences (SQLite runs them in a process that is killed at the limit)', async () => {
    expect((await check('select * from (select 1 as x) u', 'sqlite')).sql).not.toContain('kassa_fence');
  });
});

describe('the composed statement', () => {
  it('defines each view the query reads, filtered by the business as a parameter, with the row cap as LIMIT', async () => {
    const checked = await check('with mine as (select id from "S_Item") select count(*) from mine, "D_Receipt"');
    const composed = composeReportingQuery(checked, 'postgres', 'biz-1', 100, 4096);
    expect(composed.parameters).toEqual(['biz-1']);
    expect(composed.sql).toMatch(
      /^WITH "S_Item" AS \(SELECT .* FROM "items" AS t WHERE t\."business_id" = \$1\), "D_Receipt" AS \(.* FROM "receipts" AS t WHERE t\."business_id" = \$1\), "mine" AS \(SELECT NULL AS "kassa_unused" WHERE 1 = 0\) SELECT "kassa_capped"\.\*, CASE .* AS "kassa_guard" FROM \(SELECT \* FROM \(.*\) AS "kassa_report" LIMIT 101\) AS "kassa_capped"$/,
    );
    expect(composed.sql).not.toContain('pin_hash');
  });

  it('on PostgreSQL carries the byte budget as a guard that raises an error past it', async () => {
    const composed = composeReportingQuery(await check('select name from "S_Item"'), 'postgres', 'biz-1', 10, 4096);
    expect(composed.sql).toContain(
      `CASE WHEN sum(octet_length(CAST(ROW("kassa_capped".*) AS text))) OVER (ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) > 4096 THEN CAST('${POSTGRES_GUARD_MARK} ' ||`,
    );
  });

  it('on SQLite names stored tables with their schema (a WITH table sees all its siblings there) and binds the business once per view', async () => {
    const checked = await check('select count(*) from "S_Item", "S_Clients"', 'sqlite');
    const composed = composeReportingQuery(checked, 'sqlite', 'biz-1', 10, 4096);
    expect(composed.parameters).toEqual(['biz-1', 'biz-1']);
    expect(composed.sql).toContain('FROM main."items" AS t WHERE t."business_id" = ?');
    expect(composed.sql).toContain('(CASE WHEN t."price" BETWEEN -999999999999999 AND 999999999999999 THEN t."price" / 100.0 ELSE');
  });
});
