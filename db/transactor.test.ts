import { describe, expect, it } from 'vitest';
import { openDatabase } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { groupCommitTransactor, type CommitDurability } from './transactor.js';

async function freshSqlite() {
  const handle = openDatabase(':memory:');
  await migrateToLatest(handle.db as never);
  return handle;
}

const measurement = (id: string) => ({ business_id: 'b', id, name: id, is_deleted: 0, dt_created: 'now', dt_updated: 'now' });

describe('group commit on SQLite', () => {
  it('commits concurrent writes together, each atomic, and a failing one changes nothing of its own', async () => {
    const handle = await freshSqlite();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) =>
        handle.writes.transaction(async (tx) => {
          await tx.insertInto('measurements').values(measurement(`m${index}`)).execute();
          if (index === 7) {
            // A second write of the same operation, then a failure: both must disappear.
            await tx.insertInto('measurements').values(measurement('m7-extra')).execute();
            throw new Error('operation 7 fails');
          }
          return index;
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(1);
    const ids = (await handle.db.selectFrom('measurements').select('id').execute()).map((row) => row.id);
    expect(ids).toHaveLength(39);
    expect(ids).not.toContain('m7');
    expect(ids).not.toContain('m7-extra');
    await handle.close();
  });

  it('answers a write only after its data is readable by the next request', async () => {
    const handle = await freshSqlite();
    await handle.writes.transaction((tx) => tx.insertInto('measurements').values(measurement('durable')).execute());
    const found = await handle.db.selectFrom('measurements').select('id').where('id', '=', 'durable').executeTakeFirst();
    expect(found?.id).toBe('durable');
    await handle.close();
  });

  it('keeps a unique violation inside its own operation', async () => {
    const handle = await freshSqlite();
    const results = await Promise.allSettled([
      handle.writes.transaction((tx) => tx.insertInto('measurements').values(measurement('same')).execute()),
      handle.writes.transaction((tx) => tx.insertInto('measurements').values(measurement('same')).execute()),
      handle.writes.transaction((tx) => tx.insertInto('measurements').values(measurement('other')).execute()),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await handle.db.selectFrom('measurements').select('id').execute()).toHaveLength(2);
    await handle.close();
  });

  it('keeps its transaction open for writes that arrive while it runs, and commits them together', async () => {
    const handle = await freshSqlite();
    let commits = 0;
    const counting: CommitDurability = {
      async commitWithoutWaiting(commit) {
        commits += 1;
        await commit();
        return { durable: Promise.resolve() };
      },
    };
    const writes = groupCommitTransactor(handle.db, counting);
    const arrivals: Promise<unknown>[] = [];
    const arrive = (id: string) => arrivals.push(writes.transaction((inner) => inner.insertInto('measurements').values(measurement(id)).execute()));
    await writes.transaction(async (tx) => {
      await tx.insertInto('measurements').values(measurement('a-first')).execute();
      // A request that comes in while this write is still running…
      setImmediate(() => arrive('b-during'));
      await new Promise((resolve) => setTimeout(resolve, 2));
      // …and one parsed on the next turn of the event loop, just as it ends.
      setImmediate(() => arrive('c-after'));
    });
    await Promise.all(arrivals);
    expect(commits).toBe(1);
    expect((await handle.db.selectFrom('measurements').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual(['a-first', 'b-during', 'c-after']);
    await handle.close();
  });
});
