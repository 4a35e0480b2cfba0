import { describe, expect, it } from 'vitest';
import { catalogue } from '../../shared/catalogue/index.js';
import type { OperationSpec } from '../../shared/catalogue/operation.js';
import { TERMINAL_EVENTS, TERMINAL_OPERATIONS, looksLikeOperationName, type TerminalEventName } from '../../shared/terminal-contract.js';
import type { CoreEventListener, TerminalCore } from '../../main/core/api.js';
import { bridgeOperationNames, validateBridgeCall } from '../../main/core/bridge-operations.js';
import { createDispatcher } from '../../main/core/dispatcher.js';
import { RpcFailure } from '../../main/core/errors.js';

function failure(call: () => unknown): { statusCode: number; reason: unknown } {
  try {
    call();
  } catch (error) {
    if (error instanceof RpcFailure) return { statusCode: error.statusCode, reason: error.reason };
    throw error;
  }
  throw new Error('expected the call to be refused');
}

/** A core that records what reaches it. */
function recordingCore(options: { pending?: number; fail?: unknown } = {}) {
  const calls: Array<{ operation: string; input: unknown }> = [];
  const listeners = new Set<CoreEventListener>();
  const core: TerminalCore = {
    async invoke(operation, input) {
      calls.push({ operation, input });
      if (options.fail) throw options.fail;
      return { ok: operation };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async pendingOperations() {
      return options.pending ?? 0;
    },
    async close() {},
  };
  const emit = (name: string, payload: unknown) => listeners.forEach((listener) => listener(name as TerminalEventName, payload));
  return { core, calls, emit };
}

describe('the bridge allow-list', () => {
  const names = new Set(bridgeOperationNames());
  const specs = catalogue as readonly OperationSpec[];

  it('holds every catalogue operation the terminal answers locally, and the terminal’s own operations', () => {
    const local = specs.filter((spec) => spec.offline !== 'online-only');
    for (const spec of local) expect(names.has(spec.operationId), spec.operationId).toBe(true);
    for (const name of TERMINAL_OPERATIONS) expect(names.has(name)).toBe(true);
    expect(names.size).toBe(local.length + TERMINAL_OPERATIONS.length);
  });

  it('holds no online-only operation: no logins, registration, user management, logs, reporting SQL, chats or sync protocol', () => {
    for (const spec of specs.filter((entry) => entry.offline === 'online-only')) expect(names.has(spec.operationId), spec.operationId).toBe(false);
    for (const name of ['AuthController_login', 'AuthController_register', 'QueryController_execute', 'AdminController_getAllUsers', 'SyncController_push', 'SyncController_enroll']) {
      expect(names.has(name), name).toBe(false);
    }
  });

  it('holds no platform-administrator or device-credential operation', () => {
    for (const spec of specs) {
      if (spec.access !== 'public' && spec.access.some((role) => role === 'SUPERADMIN' || role === 'TERMINAL')) {
        expect(names.has(spec.operationId), spec.operationId).toBe(false);
      }
    }
  });

  it('lets the preload’s quick filter pass every allowed name', () => {
    for (const name of names) expect(looksLikeOperationName(name), name).toBe(true);
    expect(looksLikeOperationName('constructor')).toBe(false);
    expect(looksLikeOperationName('__proto__')).toBe(false);
    expect(looksLikeOperationName('terminal.evil')).toBe(false);
    expect(looksLikeOperationName(42)).toBe(false);
  });
});

describe('bridge input validation', () => {
  it('passes a valid catalogue call on in its wire form, decimals still strings', () => {
    const call = validateBridgeCall('ClientDebtController_createTransaction', {
      body: { client_id: 'c1', debt_amount: '12500.50', employee_id: 'e1', id_automated_point: 'p1' },
    });
    expect(call).toEqual({
      operation: 'ClientDebtController_createTransaction',
      input: { params: {}, body: { client_id: 'c1', debt_amount: '12500.50', employee_id: 'e1', id_automated_point: 'p1' } },
    });
  });

  it('refuses an unknown or online-only operation with 404, before looking at the input', () => {
    expect(failure(() => validateBridgeCall('AuthController_login', { body: { login: 'a', password: 'b' } })).statusCode).toBe(404);
    expect(failure(() => validateBridgeCall('NoSuchController_run', {})).statusCode).toBe(404);
    expect(failure(() => validateBridgeCall('__proto__', {})).statusCode).toBe(404);
    expect(failure(() => validateBridgeCall('hasOwnProperty', {})).statusCode).toBe(404);
    expect(failure(() => validateBridgeCall(undefined, {})).statusCode).toBe(400);
  });

  it('names every bad field of the body with the catalogue’s own messages', () => {
    const refused = failure(() => validateBridgeCall('ClientDebtController_createTransaction', { body: { client_id: '', debt_amount: '1.234', extra: 1 } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.reason).toEqual(
      expect.arrayContaining([
        'body.client_id should not be empty',
        'body.employee_id is required',
        'body.property extra should not exist',
        expect.stringMatching(/^body\.debt_amount /),
      ]),
    );
  });

  it('refuses JS numbers for money: decimals cross the bridge as strings', () => {
    const refused = failure(() => validateBridgeCall('ClientDebtController_createTransaction', { body: { client_id: 'c', debt_amount: 0.1, employee_id: 'e', id_automated_point: 'p' } }));
    expect(refused.reason).toEqual(['body.debt_amount must be a decimal string like "12.50"']);
  });

  it('checks path parameters: each required, a non-empty string, and no others', () => {
    expect(validateBridgeCall('WarehouseController_findOne', { params: { id: 'w1' } }).input).toEqual({ params: { id: 'w1' } });
    expect(failure(() => validateBridgeCall('WarehouseController_findOne', {})).reason).toEqual(['params.id is required']);
    expect(failure(() => validateBridgeCall('WarehouseController_findOne', { params: { id: 7 } })).reason).toEqual(['params.id must be a string']);
    expect(failure(() => validateBridgeCall('WarehouseController_findOne', { params: { id: 'w', other: 'x' } })).reason).toEqual(['params.property other should not exist']);
  });

  it('answers 404 for an id no record can have (NUL, over-long), as the service does', () => {
    expect(failure(() => validateBridgeCall('WarehouseController_findOne', { params: { id: 'a\u0000b' } })).statusCode).toBe(404);
    expect(failure(() => validateBridgeCall('WarehouseController_findOne', { params: { id: 'x'.repeat(3000) } })).statusCode).toBe(404);
  });

  it('validates the query with the entry’s schema and refuses a body or query the operation does not take', () => {
    expect(validateBridgeCall('ClientDebtController_findAllTransactions', { query: { client_id: 'c1' } }).input).toEqual({ params: {}, query: { client_id: 'c1' } });
    expect(failure(() => validateBridgeCall('ClientDebtController_findAllTransactions', { query: { zzz: 1 } })).reason).toEqual(['query.property zzz should not exist']);
    expect(failure(() => validateBridgeCall('WarehouseController_findAll', { body: {} })).reason).toEqual(['property body should not exist']);
    expect(failure(() => validateBridgeCall('WarehouseController_findAll', { sql: 'select 1' })).reason).toEqual(['property sql should not exist']);
    expect(failure(() => validateBridgeCall('WarehouseController_findAll', 'select 1')).reason).toEqual(['must be an object']);
  });

  it('validates the terminal’s own operations with their schemas', () => {
    expect(validateBridgeCall('terminal.syncStatus', undefined).input).toBeUndefined();
    expect(failure(() => validateBridgeCall('terminal.syncStatus', { x: 1 })).statusCode).toBe(400);
    expect(validateBridgeCall('terminal.pinLogin', { pincode: '1234' }).input).toEqual({ pincode: '1234' });
    expect(failure(() => validateBridgeCall('terminal.pinLogin', {})).reason).toEqual(['pincode is required']);
    expect(failure(() => validateBridgeCall('terminal.enroll', { serviceUrl: 'file:///etc/passwd', code: 'ABC' })).reason).toEqual(['serviceUrl must be an http(s) URL without credentials']);
    expect(failure(() => validateBridgeCall('terminal.enroll', { serviceUrl: 'https://u:p@kassa.example', code: 'ABC' })).statusCode).toBe(400);
    expect(validateBridgeCall('terminal.enroll', { serviceUrl: 'https://kassa.example', code: 'ABC-123' }).input).toEqual({ serviceUrl: 'https://kassa.example', code: 'ABC-123' });
  });

  it('lists the till’s warnings with no input and dismisses one by its operation’s id, refusing anything else', () => {
    expect(validateBridgeCall('terminal.warningsList', undefined).input).toBeUndefined();
    expect(failure(() => validateBridgeCall('terminal.warningsList', { all: true })).statusCode).toBe(400);
    expect(validateBridgeCall('terminal.warningsDismiss', { mutationId: 'op-1' }).input).toEqual({ mutationId: 'op-1' });
    expect(failure(() => validateBridgeCall('terminal.warningsDismiss', {})).reason).toEqual(['mutationId is required']);
    expect(failure(() => validateBridgeCall('terminal.warningsDismiss', { mutationId: 'op-1', everyone: true })).statusCode).toBe(400);
  });

  it('validates an edited operation in the inbox with the schema of the operation it is for', () => {
    const edited = validateBridgeCall('terminal.inboxResubmit', {
      entryId: 'op-1',
      operation: 'WarehouseController_update',
      input: { params: { id: 'w1' }, body: { name: 'Main' } },
    });
    expect(edited.input).toEqual({ entryId: 'op-1', operation: 'WarehouseController_update', input: { params: { id: 'w1' }, body: { name: 'Main' } } });
    const refused = failure(() => validateBridgeCall('terminal.inboxResubmit', { entryId: 'op-1', operation: 'WarehouseController_update', input: { body: { name: 5 } } }));
    expect(refused.reason).toEqual(['input.params.id is required', 'input.body.name must be a string']);
    expect(failure(() => validateBridgeCall('terminal.inboxResubmit', { entryId: 'op-1', operation: 'QueryController_execute', input: {} })).reason).toEqual([
      'operation must be an operation the terminal runs',
    ]);
  });
});

describe('the dispatcher', () => {
  it('hands a valid call to the core and answers {ok, value}', async () => {
    const { core, calls } = recordingCore();
    const answer = await createDispatcher(core).call('WarehouseController_create', { body: { name: 'Main' } });
    expect(answer).toEqual({ ok: true, value: { ok: 'WarehouseController_create' } });
    expect(calls).toEqual([{ operation: 'WarehouseController_create', input: { params: {}, body: { name: 'Main' } } }]);
  });

  it('hands the core the input’s exact values with it, so the core does not validate it a second time', async () => {
    const received: unknown[] = [];
    const { core } = recordingCore();
    const checking: TerminalCore = { ...core, invoke: async (operation, input, checked) => (received.push(checked), core.invoke(operation, input)) };
    const body = { client_id: 'c1', debt_amount: '12500.50', employee_id: 'e1', id_automated_point: 'p1' };
    await createDispatcher(checking).call('ClientDebtController_createTransaction', { body });
    await createDispatcher(checking).call('terminal.inboxResubmit', { entryId: 'op-1', operation: 'ClientDebtController_createTransaction', input: { body } });
    for (const checked of received) expect(checked).toMatchObject({ params: {}, body: { client_id: 'c1', debt_amount: 1250050n } });
    expect(received).toHaveLength(2);
  });

  it('answers a refused call with {statusCode, message} and never reaches the core', async () => {
    const { core, calls } = recordingCore();
    const dispatcher = createDispatcher(core);
    expect(await dispatcher.call('WarehouseController_create', { body: {} })).toEqual({ ok: false, error: { statusCode: 400, message: ['body.name is required'] } });
    expect(await dispatcher.call('QueryController_execute', { body: { query: 'select 1' } })).toMatchObject({ ok: false, error: { statusCode: 404 } });
    expect(calls).toEqual([]);
  });

  it('lets sign-out through while operations are pending: the queue belongs to the till, not to the cashier', async () => {
    const busy = recordingCore({ pending: 3 });
    expect(await createDispatcher(busy.core).call('terminal.signOut', undefined)).toEqual({ ok: true, value: { ok: 'terminal.signOut' } });
    expect(busy.calls.map((call) => call.operation)).toEqual(['terminal.signOut']);
  });

  it('turns an internal fault into a bare 500, and logs it locally', async () => {
    const lines: string[] = [];
    const { core } = recordingCore({ fail: Object.assign(new Error('SQLITE_BUSY at /data/kassa.sqlite'), { code: 'SQLITE_BUSY' }) });
    const answer = await createDispatcher(core, (line) => lines.push(line)).call('WarehouseController_findAll', {});
    expect(answer).toEqual({ ok: false, error: { statusCode: 500, message: 'Internal error' } });
    expect(lines.join('\n')).toContain('SQLITE_BUSY');
  });

  it('keeps a core error’s own status and message', async () => {
    const { core } = recordingCore({ fail: new RpcFailure(404, 'Warehouse not found') });
    expect(await createDispatcher(core).call('WarehouseController_findOne', { params: { id: 'w9' } })).toEqual({
      ok: false,
      error: { statusCode: 404, message: 'Warehouse not found' },
    });
  });

  it('forwards only the terminal’s events', () => {
    const { core, emit } = recordingCore();
    const seen: string[] = [];
    const unsubscribe = createDispatcher(core).subscribe((name) => seen.push(name));
    for (const name of TERMINAL_EVENTS) emit(name, {});
    emit('internal-debug', {});
    unsubscribe();
    emit('sync-status', {});
    expect(seen).toEqual([...TERMINAL_EVENTS]);
  });
});
