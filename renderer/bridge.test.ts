import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RPC_SUBPROTOCOL } from '../shared/terminal-contract.js';
import { asRpcError, errorLines, preloadBridge, socketBridge, takeSecret, type SocketLike } from './bridge.js';

class FakeSocket implements SocketLike {
  static made: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  readonly sent: any[] = [];
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.drop();
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  reply(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const latest = () => FakeSocket.made[FakeSocket.made.length - 1]!;

describe('the browser-mode secret', () => {
  it('is taken from the fragment, kept in sessionStorage and removed from the address bar', () => {
    const stored = new Map<string, string>();
    const replaceState = vi.fn();
    const secret = takeSecret({
      location: { hash: '#secret=abc_DEF-123', pathname: '/', search: '' },
      history: { state: null, replaceState },
      storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) },
    });
    expect(secret).toBe('abc_DEF-123');
    expect([...stored.values()]).toEqual(['abc_DEF-123']);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/');
  });

  it('comes back from sessionStorage after a reload, and is absent when the page was opened without it', () => {
    const replaceState = vi.fn();
    const sources = (stored: string | null) => ({
      location: { hash: '', pathname: '/', search: '' },
      history: { state: null, replaceState },
      storage: { getItem: () => stored, setItem: vi.fn() },
    });
    expect(takeSecret(sources('kept'))).toBe('kept');
    expect(takeSecret(sources(null))).toBeUndefined();
    expect(replaceState).not.toHaveBeenCalled();
  });
});

describe('the WebSocket bridge', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const bridge = (callTimeoutMs = 35_000, longCallTimeoutMs = 60_000) =>
    socketBridge({
      url: 'ws://127.0.0.1:4000/rpc',
      secret: 's3cret',
      createSocket: (url, protocols) => new FakeSocket(url, protocols),
      callTimeoutMs,
      longCallTimeoutMs,
    });

  it('offers the RPC subprotocol and the secret, and waits for the connection before sending a call', async () => {
    const client = bridge();
    expect(latest().protocols).toEqual([RPC_SUBPROTOCOL, 'kassa-secret.s3cret']);
    expect(client.connection()).toBe('connecting');
    const answer = client.terminal('terminal.syncStatus');
    expect(latest().sent).toEqual([]);
    latest().open();
    expect(client.connection()).toBe('open');
    expect(latest().sent).toEqual([{ type: 'invoke', id: 1, operation: 'terminal.syncStatus' }]);
    latest().reply({ type: 'result', id: 1, ok: true, value: { online: true } });
    await expect(answer).resolves.toEqual({ online: true });
  });

  it('rejects with the terminal’s {statusCode, message}', async () => {
    const client = bridge();
    latest().open();
    const answer = client.run('ClientController_findAll', { body: {} });
    expect(latest().sent[0]).toMatchObject({ operation: 'ClientController_findAll', input: { body: {} } });
    latest().reply({ type: 'result', id: 1, ok: false, error: { statusCode: 400, message: ['body.x should not exist'] } });
    await expect(answer).rejects.toEqual({ statusCode: 400, message: ['body.x should not exist'] });
  });

  it('delivers events to their subscribers only, until they unsubscribe', () => {
    const client = bridge();
    latest().open();
    const seen: unknown[] = [];
    const off = client.on('sync-status', (payload) => seen.push(payload));
    client.on('inbox', () => seen.push('wrong'));
    latest().reply({ type: 'event', name: 'sync-status', payload: { online: false } });
    off();
    latest().reply({ type: 'event', name: 'sync-status', payload: { online: true } });
    latest().reply({ type: 'event', name: 'not-an-event', payload: {} });
    expect(seen).toEqual([{ online: false }]);
  });

  it('fails calls in flight with 503 when the connection drops, reconnects with a growing delay, then sends waiting calls', async () => {
    const client = bridge();
    const states: string[] = [];
    client.onConnection((state) => states.push(state));
    latest().open();
    const inFlight = client.terminal('terminal.session');
    latest().drop();
    await expect(inFlight).rejects.toEqual({ statusCode: 503, message: 'The connection to the terminal was lost' });
    const waiting = client.terminal('terminal.session');
    vi.advanceTimersByTime(250);
    expect(FakeSocket.made).toHaveLength(2);
    latest().drop();
    vi.advanceTimersByTime(499);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'invoke', id: 2, operation: 'terminal.session' }]);
    latest().reply({ type: 'result', id: 2, ok: true, value: { employee: null } });
    await expect(waiting).resolves.toEqual({ employee: null });
    expect(states).toEqual(['open', 'closed', 'connecting', 'closed', 'connecting', 'open']);
  });

  it('stops retrying with an earlier run’s secret: when the host says the secret is not this run’s, waiting calls are refused saying why', async () => {
    const asked: string[] = [];
    const client = socketBridge({
      url: 'ws://127.0.0.1:4000/rpc',
      secret: 'old-run',
      createSocket: (url, protocols) => new FakeSocket(url, protocols),
      checkSecret: async () => {
        asked.push('check');
        return false;
      },
    });
    const states: string[] = [];
    client.onConnection((state) => states.push(state));
    const waiting = client.terminal('terminal.session').catch((error: unknown) => error);
    latest().drop();
    await vi.advanceTimersByTimeAsync(0);
    expect(await waiting).toEqual({ statusCode: 401, message: 'This page holds the secret of an earlier run: open the address npm start printed' });
    expect(client.connection()).toBe('stale-secret');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(asked).toEqual(['check']);
    expect(states).toEqual(['closed', 'stale-secret']);
  });

  it('keeps retrying when the host cannot say (it is down), and after a connection that had opened', async () => {
    let checks = 0;
    socketBridge({
      url: 'ws://127.0.0.1:4000/rpc',
      secret: 's3cret',
      createSocket: (url, protocols) => new FakeSocket(url, protocols),
      checkSecret: async () => {
        checks += 1;
        return undefined;
      },
    });
    latest().drop();
    await vi.advanceTimersByTimeAsync(250);
    expect(FakeSocket.made).toHaveLength(2);
    latest().open();
    latest().drop();
    await vi.advanceTimersByTimeAsync(250);
    expect(FakeSocket.made).toHaveLength(3);
    expect(checks).toBe(1);
  });

  it('gives up on a call after its timeout with 504', async () => {
    const client = bridge(1_000);
    const answer = client.terminal('terminal.syncStatus');
    vi.advanceTimersByTime(1_000);
    await expect(answer).rejects.toEqual({ statusCode: 504, message: 'The terminal did not answer in time' });
  });

  it('lets a long operation (enrollment’s download) run past the ordinary timeout, up to its own', async () => {
    const client = bridge(1_000, 60_000);
    latest().open();
    const enrolling = client.terminal('terminal.enroll', { serviceUrl: 'http://127.0.0.1:8080', code: 'ABCD-EFGH' });
    let settled = false;
    enrolling.then(
      () => (settled = true),
      () => (settled = true),
    );
    vi.advanceTimersByTime(30_000);
    await Promise.resolve();
    expect(settled).toBe(false);
    vi.advanceTimersByTime(30_000);
    await expect(enrolling).rejects.toEqual({ statusCode: 504, message: 'The terminal did not answer in time' });
  });
});

describe('the Electron bridge', () => {
  it('passes calls to window.kassa and normalises what it throws', async () => {
    const invoke = vi.fn(async (operation: string) => {
      if (operation === 'terminal.signOut') throw { statusCode: 409, message: 'Sign-out is blocked', stack: 'secret internals' };
      if (operation === 'terminal.session') throw new Error('boom');
      return { enrolled: true };
    });
    const client = preloadBridge({ invoke, on: () => () => {} });
    expect(client.connection()).toBe('open');
    await expect(client.terminal('terminal.enrollmentStatus')).resolves.toEqual({ enrolled: true });
    await expect(client.terminal('terminal.signOut')).rejects.toEqual({ statusCode: 409, message: 'Sign-out is blocked' });
    await expect(client.terminal('terminal.session')).rejects.toEqual({ statusCode: 500, message: 'Internal error' });
  });

  it('reads error lines from either message shape', () => {
    expect(errorLines({ statusCode: 400, message: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(errorLines({ statusCode: 401, message: 'Invalid pincode' })).toEqual(['Invalid pincode']);
    expect(asRpcError('nonsense')).toEqual({ statusCode: 500, message: 'Internal error' });
  });
});
