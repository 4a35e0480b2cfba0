import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openTerminalStore } from '../../main/terminal/store.js';

describe('the terminal store', () => {
  it('copies a file that holds data before migrating it, and migrates nothing twice', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kassa-store-')), 'till.sqlite');
    // A database from an older version: data the migrations have not seen yet.
    const old = new Sqlite(file);
    old.exec("create table unsynced_sales (note text); insert into unsynced_sales values ('sale 1')");
    old.close();
    const store = await openTerminalStore(file);
    expect(store.backupFile).not.toBeNull();
    expect(existsSync(store.backupFile!)).toBe(true);
    const copy = new Sqlite(store.backupFile!, { readonly: true });
    expect(copy.prepare('select note from unsynced_sales').all()).toEqual([{ note: 'sale 1' }]);
    copy.close();
    await store.close();
    // Opened again with nothing to migrate: no new copy.
    const again = await openTerminalStore(file);
    expect(again.backupFile).toBeNull();
    await again.close();
  });

  it('starts a new file without a copy', async () => {
    const store = await openTerminalStore(join(mkdtempSync(join(tmpdir(), 'kassa-store-')), 'new.sqlite'));
    expect(store.backupFile).toBeNull();
    await store.close();
  });
});
