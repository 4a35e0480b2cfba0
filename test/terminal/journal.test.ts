/**
 * The journal of acknowledged operations (main/terminal/journal.ts): kept within its bounds — a number of days and a
 * number of operations — noting per queue the last seq it let go, never letting go of one being sent again; its
 * bounds read from the environment, a bad one refused by name.
 */
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { journalAcknowledged, journalBoundsFrom, pruneJournal } from '../../main/terminal/journal.js';
import type { OutboxRow } from '../../main/terminal/local-run.js';
import { openTerminalStore, type TerminalStore } from '../../main/terminal/store.js';

const operation = (seq: number): OutboxRow => ({
  seq,
  epoch: 'e-1',
  mutation_id: `m-${seq}`,
  name: 'ClientDebtController_createTransaction',
  v: 1,
  occurred_at: '2026-11-01T10:00:00.000Z',
  employee_id: 'employee',
  params: '{}',
  args: '{}',
  basis: null,
  status: 'sent',
});

describe('the journal of acknowledged operations', () => {
  let store: TerminalStore;
  const local = () => store.db as unknown as Kysely<unknown>;
  const kept = async () => (await sql<{ seq: number }>`select seq from journal order by ord`.execute(local())).rows.map((row) => Number(row.seq));
  const queue = async () => (await sql<{ acked_through: number; pruned_through: number }>`select acked_through, pruned_through from journal_epochs`.execute(local())).rows.map((row) => [Number(row.acked_through), Number(row.pruned_through)]);
  afterEach(() => store?.close());

  it('keeps at most its number of operations, the newest, and notes the last seq it let go', async () => {
    store = await openTerminalStore(':memory:');
    for (let seq = 1; seq <= 5; seq += 1) await journalAcknowledged(local(), 't', operation(seq), 'applied', '2026-11-01T10:00:00.000Z');
    expect(await pruneJournal(local(), { keepDays: 30, maxOperations: 2 }, new Date('2026-11-02T00:00:00.000Z'))).toBe(3);
    expect(await kept()).toEqual([4, 5]);
    expect(await queue()).toEqual([[5, 3]]);
  });

  it('lets go of what is older than its days, but never of an operation being sent again', async () => {
    store = await openTerminalStore(':memory:');
    await journalAcknowledged(local(), 't', operation(1), 'applied', '2026-10-01T10:00:00.000Z');
    await journalAcknowledged(local(), 't', operation(2), 'applied', '2026-10-02T10:00:00.000Z');
    await journalAcknowledged(local(), 't', operation(3), 'applied', '2026-11-27T10:00:00.000Z');
    await sql`update journal set resend_epoch = 'e-again', resend_seq = 1 where seq = 2`.execute(local());
    expect(await pruneJournal(local(), { keepDays: 30, maxOperations: 100 }, new Date('2026-11-28T10:00:00.000Z'))).toBe(1);
    expect(await kept()).toEqual([2, 3]);
    expect(await queue()).toEqual([[3, 1]]);
  });

  it('reads its bounds from the environment, and refuses a bad one by name', () => {
    expect(journalBoundsFrom({})).toEqual({ keepDays: 30, maxOperations: 100_000 });
    expect(journalBoundsFrom({ KASSA_JOURNAL_DAYS: '7', KASSA_JOURNAL_MAX_OPERATIONS: '5000' })).toEqual({ keepDays: 7, maxOperations: 5000 });
    expect(() => journalBoundsFrom({ KASSA_JOURNAL_DAYS: '0' })).toThrow('KASSA_JOURNAL_DAYS must be a whole number of at least 1 (it is "0")');
    expect(() => journalBoundsFrom({ KASSA_JOURNAL_MAX_OPERATIONS: '1e6' })).toThrow('KASSA_JOURNAL_MAX_OPERATIONS must be a whole number');
    expect(() => journalBoundsFrom({ KASSA_JOURNAL_DAYS: 'lots' })).toThrow('KASSA_JOURNAL_DAYS');
  });
});
