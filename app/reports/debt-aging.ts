/**
 * Client debts with aging (ReportController_debtAging): every client who owes something (or is owed) at the end
 * of a day, their balance, and how old the unpaid part is — 0–30, 31–60, 61–90 and over 90 days — from the
 * client's debt entries (the rows `/get` shows as S_Client_Debt_Transaction), aged first in, first out
 * (app/reports/aging.ts). Entries after the day are left out, so a report of an earlier day reads as it did then.
 */
import { formatMoney } from '../../shared/decimal.js';
import type { DebtAgingQuery } from '../../shared/catalogue/report.js';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { ageEntries, type AgedEntry } from './aging.js';
import { addDays, dayStart, localDayAndHour, today } from './days.js';

const BUCKETS = ['days_0_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;

export async function debtAgingReport(db: Db, query: DebtAgingQuery, ctx: OperationContext) {
  const offset = query.utc_offset ?? 0;
  const asOf = query.as_of ?? today(ctx.now, offset);
  const end = dayStart(addDays(asOf, 1), offset);
  // Every entry, written-off records' included: a write-off is an entry too (it brings the balance to zero).
  const rows = await db
    .selectFrom('client_debt_txns as t')
    .leftJoin('clients as c', (join) => join.onRef('c.business_id', '=', 't.business_id').onRef('c.id', '=', 't.client_id'))
    .select(['t.client_id', 't.amount', 't.dt_created', 'c.full_name', 'c.phone_number'])
    .where('t.business_id', '=', ctx.businessId)
    .where('t.is_deleted', '=', 0)
    .where('t.dt_created', '<', end)
    .orderBy('t.client_id')
    .orderBy('t.dt_created')
    .orderBy('t.id')
    .execute();
  const byClient = new Map<string, { name: string; phone: string | null; entries: AgedEntry[] }>();
  for (const row of rows) {
    const client = byClient.get(row.client_id) ?? { name: row.full_name ?? '', phone: row.phone_number ?? null, entries: [] };
    client.entries.push({ amount: units(row.amount), day: localDayAndHour(row.dt_created, offset).day });
    byClient.set(row.client_id, client);
  }
  const totals = { balance: 0n, days_0_30: 0n, days_31_60: 0n, days_61_90: 0n, days_over_90: 0n };
  const clients = [];
  for (const [clientId, client] of byClient) {
    const aging = ageEntries(client.entries, asOf);
    if (aging.balance === 0n) continue;
    totals.balance += aging.balance;
    for (const bucket of BUCKETS) totals[bucket] += aging[bucket];
    clients.push({
      client_id: clientId,
      name: client.name,
      phone: client.phone,
      balance: formatMoney(aging.balance),
      days_0_30: formatMoney(aging.days_0_30),
      days_31_60: formatMoney(aging.days_31_60),
      days_61_90: formatMoney(aging.days_61_90),
      days_over_90: formatMoney(aging.days_over_90),
      oldest_unpaid: aging.oldestUnpaid,
      sortKey: aging.balance,
    });
  }
  // The largest debts first.
  clients.sort((a, b) => (a.sortKey > b.sortKey ? -1 : a.sortKey < b.sortKey ? 1 : a.client_id < b.client_id ? -1 : 1));
  return {
    as_of: asOf,
    utc_offset: offset,
    clients: clients.map(({ sortKey: _sortKey, ...client }) => client),
    totals: {
      balance: formatMoney(totals.balance),
      days_0_30: formatMoney(totals.days_0_30),
      days_31_60: formatMoney(totals.days_31_60),
      days_61_90: formatMoney(totals.days_61_90),
      days_over_90: formatMoney(totals.days_over_90),
    },
  };
}
