import { describe, expect, it } from 'vitest';
import { EMPLOYEE, fakeBridge, memoryStorage, ONLINE } from '../test-support.js';
import { createTerminalStore } from './terminal.js';

const tick = () => new Promise((done) => setTimeout(done, 0));

function enrolledBridge(employee: unknown = null) {
  return fakeBridge({
    'terminal.enrollmentStatus': { enrolled: true },
    'terminal.session': { employee },
    'terminal.syncStatus': ONLINE,
    'terminal.pinLogin': EMPLOYEE,
    'terminal.signOut': { employee: null },
  });
}

describe('the terminal store', () => {
  it('starts at enrollment for a new terminal, at PIN login for an enrolled one, in the app for a signed-in one', async () => {
    const fresh = createTerminalStore(fakeBridge({ 'terminal.enrollmentStatus': { enrolled: false } }), memoryStorage());
    await fresh.getState().refresh();
    expect(fresh.getState().phase).toBe('enroll');
    const enrolled = createTerminalStore(enrolledBridge(), memoryStorage());
    await enrolled.getState().refresh();
    expect(enrolled.getState()).toMatchObject({ phase: 'login', sync: ONLINE });
    const signedIn = createTerminalStore(enrolledBridge(EMPLOYEE), memoryStorage());
    await signedIn.getState().refresh();
    expect(signedIn.getState()).toMatchObject({ phase: 'app', employee: EMPLOYEE });
  });

  it('speaks uz until someone chooses, and gives each employee back their own language at sign-in', async () => {
    const storage = memoryStorage();
    const store = createTerminalStore(enrolledBridge(), storage);
    expect(store.getState().language).toBe('uz');
    await store.getState().pinLogin('3141');
    store.getState().setLanguage('ru');
    await store.getState().signOut();
    store.getState().setLanguage('en');
    expect(store.getState().language).toBe('en');
    await store.getState().pinLogin('3141');
    expect(store.getState().language).toBe('ru');
    expect(createTerminalStore(enrolledBridge(), storage).getState().language).toBe('en');
  });

  it('tells lists to re-read after a local write or a completed sync, not on every status change', () => {
    const bridge = enrolledBridge();
    const store = createTerminalStore(bridge, memoryStorage());
    const start = store.getState().dataVersion;
    bridge.emit('operation-applied', { operation: 'ClientDebtController_createTransaction' });
    expect(store.getState().dataVersion).toBe(start + 1);
    bridge.emit('sync-status', ONLINE);
    expect(store.getState().dataVersion).toBe(start + 2);
    bridge.emit('sync-status', { ...ONLINE, syncing: true });
    expect(store.getState().dataVersion).toBe(start + 2);
    bridge.emit('sync-status', { ...ONLINE, lastSyncAt: '2026-03-01T10:05:00.000Z' });
    expect(store.getState().dataVersion).toBe(start + 3);
  });

  it('reads the truth again after a reconnect and after the core restarts', async () => {
    const bridge = enrolledBridge(EMPLOYEE);
    const store = createTerminalStore(bridge, memoryStorage());
    bridge.setConnection('closed');
    bridge.setConnection('open');
    await tick();
    expect(store.getState().phase).toBe('app');
    bridge.answer('terminal.session', { employee: null });
    bridge.emit('core-status', { state: 'restarting' });
    bridge.emit('core-status', { state: 'ready' });
    await tick();
    expect(store.getState()).toMatchObject({ phase: 'login', employee: null, coreState: 'ready' });
  });

  it('reads the signed-in employee’s rights again when a sync brings changed roles, and not otherwise', async () => {
    const bridge = enrolledBridge({ ...EMPLOYEE, rights: [] });
    const store = createTerminalStore(bridge, memoryStorage());
    await store.getState().refresh();
    expect(store.getState().employee?.rights).toEqual([]);
    bridge.answer('terminal.session', { employee: { ...EMPLOYEE, rights: ['STOCK'] } });
    bridge.emit('sync-status', { ...ONLINE, lastSyncAt: '2026-03-01T10:01:00.000Z', changedTables: ['items'] });
    await tick();
    expect(store.getState().employee?.rights).toEqual([]);
    bridge.emit('sync-status', { ...ONLINE, lastSyncAt: '2026-03-01T10:02:00.000Z', changedTables: ['employee_roles'] });
    await tick();
    expect(store.getState().employee?.rights).toEqual(['STOCK']);
  });
});
