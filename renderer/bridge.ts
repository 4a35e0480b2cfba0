/**
 * The renderer's one way to the terminal. In Electron the preload exposes `window.kassa = { invoke, on }`; in
 * browser mode there is no preload, and the same calls travel over the host's WebSocket (frames and secret in
 * shared/terminal-contract.ts). Either way a call resolves with its result or rejects with `{statusCode, message}`.
 *
 * Browser mode: the per-run secret arrives in the URL's fragment (`#secret=…`); it is moved out of the address bar
 * into sessionStorage at once, so a reload keeps working and the secret is not left on screen. A dropped
 * connection is retried with a growing delay (250 ms … 5 s); calls made meanwhile wait for it (up to their
 * timeout), and calls that were in flight fail with 503 — whether they took effect is for the terminal to say, so
 * screens re-read after a reconnect.
 */
import type { OperationId } from '../shared/catalogue/index.js';
import type { OperationInputOf, OperationOutput } from '../shared/catalogue/wire-types.js';
import {
  RPC_PATH,
  RPC_SUBPROTOCOL,
  SECRET_CHECK_PATH,
  SECRET_HEADER,
  SECRET_FRAGMENT_KEY,
  SECRET_SUBPROTOCOL_PREFIX,
  isLongOperation,
  refusalCode,
  isTerminalEvent,
  LONG_CALL_TIMEOUT_MS,
  type RpcError,
  type TerminalEventName,
  type TerminalEventPayloads,
  type TerminalOperationName,
  type TerminalOperationTypes,
} from '../shared/terminal-contract.js';

/** What `window.kassa` offers (the preload's object). */
export interface KassaApi {
  invoke(operation: string, input?: unknown): Promise<unknown>;
  on(event: TerminalEventName, handler: (payload: unknown) => void): () => void;
}

/** A catalogue operation's input over the bridge, as over HTTP: path params, query and body (decimals as strings). */
export interface CatalogueInput {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** `stale-secret`: the page holds an earlier run's secret (the host said so); it stops retrying. */
export type ConnectionState = 'connecting' | 'open' | 'closed' | 'no-secret' | 'stale-secret';

export interface Bridge {
  /** One of the terminal's own operations, typed by name. */
  terminal<K extends TerminalOperationName>(
    operation: K,
    ...input: TerminalInput<K>
  ): Promise<TerminalOperationTypes[K]['result']>;
  /**
   * A catalogue operation, run by the terminal core as the signed-in employee: its input and its answer are typed
   * from the catalogue (`shared/catalogue/wire-types.ts`), so a screen never declares a wire record by hand.
   */
  run<Id extends OperationId>(operation: Id, ...input: RunInput<Id>): Promise<OperationOutput<Id>>;
  /** @deprecated The caller states the answer's type itself; use the typed form (no type argument). */
  run<T>(operation: OperationId, input?: CatalogueInput): Promise<T>;
  on<E extends TerminalEventName>(event: E, handler: (payload: TerminalEventPayloads[E]) => void): () => void;
  /** The transport's state; Electron's IPC is always `open`. */
  connection(): ConnectionState;
  onConnection(handler: (state: ConnectionState) => void): () => void;
  close(): void;
}

/** The input may be left out when the operation needs none (no body, or a body whose fields are all optional). */
type RunInput<Id extends OperationId> = Record<never, never> extends OperationInputOf<Id> ? [input?: OperationInputOf<Id>] : [input: OperationInputOf<Id>];

type TerminalInput<K extends TerminalOperationName> = TerminalOperationTypes[K]['input'] extends undefined
  ? []
  : [TerminalOperationTypes[K]['input']];

/** Anything thrown, as the bridge's error shape. */
export function asRpcError(error: unknown): RpcError {
  if (typeof error === 'object' && error !== null) {
    const { statusCode, message } = error as { statusCode?: unknown; message?: unknown };
    const lines = typeof message === 'string' || (Array.isArray(message) && message.every((line) => typeof line === 'string'));
    if (typeof statusCode === 'number' && lines) return { statusCode, message: message as string | string[], ...refusalCode(error) };
  }
  return { statusCode: 500, message: 'Internal error' };
}

/** The error's message as lines (validation answers one line per problem). */
export function errorLines(error: unknown): string[] {
  const { message } = asRpcError(error);
  return typeof message === 'string' ? [message] : [...message];
}

function typed(
  api: KassaApi,
  connection: () => ConnectionState,
  onConnection: Bridge['onConnection'],
  close: () => void,
): Bridge {
  return {
    terminal: (operation, ...input) =>
      api.invoke(operation, input[0]).catch((error: unknown) => Promise.reject(asRpcError(error))) as never,
    run: ((operation: OperationId, input: unknown = {}) =>
      api.invoke(operation, input).catch((error: unknown) => Promise.reject(asRpcError(error)))) as Bridge['run'],
    on: (event, handler) => api.on(event, handler as (payload: unknown) => void),
    connection,
    onConnection,
    close,
  };
}

/** The Electron bridge: the preload's object, always connected. */
export function preloadBridge(api: KassaApi): Bridge {
  return typed(
    api,
    () => 'open',
    () => () => {},
    () => {},
  );
}

// ---- Browser mode --------------------------------------------------------------------------------------------

const SECRET_STORAGE_KEY = 'kassa.secret';

export interface SecretSources {
  readonly location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  readonly history: Pick<History, 'replaceState' | 'state'>;
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>;
}

/**
 * This run's secret: from the fragment (then removed from the address bar and kept in sessionStorage), or from
 * sessionStorage after a reload. Undefined when the page was opened without it.
 */
export function takeSecret({ location, history, storage }: SecretSources): string | undefined {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const fromUrl = fragment.get(SECRET_FRAGMENT_KEY);
  if (fromUrl) {
    storage.setItem(SECRET_STORAGE_KEY, fromUrl);
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    return fromUrl;
  }
  return storage.getItem(SECRET_STORAGE_KEY) ?? undefined;
}

/** The part of the WebSocket API the client uses (tests give a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface SocketBridgeOptions {
  /** `ws://127.0.0.1:PORT/rpc` */
  readonly url: string;
  readonly secret: string;
  readonly createSocket?: (url: string, protocols: string[]) => SocketLike;
  /** How long a call may wait for its answer, including any wait for a connection. Default 35 s (the host's is 30). */
  readonly callTimeoutMs?: number;
  /** The same for the contract's long operations (enrollment's download, a sync cycle): the host's 30 min + 5 s. */
  readonly longCallTimeoutMs?: number;
  readonly retryDelaysMs?: readonly number[];
  /**
   * Asked after a connection attempt that never opened: is the secret still this run's? `false` (the host said
   * no) stops the retries with state `stale-secret`; `undefined` (the host is down, or cannot say) retries as before.
   */
  readonly checkSecret?: () => Promise<boolean | undefined>;
}

interface PendingCall {
  readonly frame: string;
  sent: boolean;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: RpcError) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

const OPEN = 1;

/** Browser mode's bridge: the same RPC over the host's WebSocket, reconnecting. */
export function socketBridge(options: SocketBridgeOptions): Bridge {
  const createSocket = options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike);
  const timeoutMs = options.callTimeoutMs ?? 35_000;
  const longTimeoutMs = options.longCallTimeoutMs ?? LONG_CALL_TIMEOUT_MS + 5_000;
  const delays = options.retryDelaysMs ?? [250, 500, 1_000, 2_000, 5_000];
  const pending = new Map<number, PendingCall>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const connectionListeners = new Set<(state: ConnectionState) => void>();
  let state: ConnectionState = 'connecting';
  let socket: SocketLike | undefined;
  let nextId = 1;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const setState = (next: ConnectionState) => {
    if (state === next) return;
    state = next;
    for (const listener of connectionListeners) listener(next);
  };

  const sendWaiting = () => {
    for (const call of pending.values()) {
      if (call.sent || socket?.readyState !== OPEN) continue;
      socket.send(call.frame);
      call.sent = true;
    }
  };

  const receive = (data: unknown) => {
    let frame: {
      type?: unknown;
      id?: unknown;
      ok?: unknown;
      value?: unknown;
      error?: unknown;
      name?: unknown;
      payload?: unknown;
    };
    try {
      frame = JSON.parse(String(data)) as typeof frame;
    } catch {
      return;
    }
    if (frame.type === 'result' && typeof frame.id === 'number') {
      const call = pending.get(frame.id);
      if (!call) return;
      pending.delete(frame.id);
      clearTimeout(call.timer);
      if (frame.ok === true) call.resolve(frame.value);
      else call.reject(asRpcError(frame.error));
    } else if (frame.type === 'event' && isTerminalEvent(frame.name)) {
      for (const handler of listeners.get(frame.name) ?? []) handler(frame.payload);
    }
  };

  const connect = () => {
    if (closed) return;
    setState('connecting');
    const current = createSocket(options.url, [RPC_SUBPROTOCOL, `${SECRET_SUBPROTOCOL_PREFIX}${options.secret}`]);
    socket = current;
    let opened = false;
    current.onopen = () => {
      opened = true;
      failures = 0;
      setState('open');
      sendWaiting();
    };
    current.onmessage = (event) => receive(event.data);
    current.onerror = () => {};
    current.onclose = () => {
      if (socket !== current) return;
      socket = undefined;
      // Calls already sent may or may not have run; the caller must re-read rather than retry blindly.
      for (const [id, call] of pending) {
        if (!call.sent) continue;
        pending.delete(id);
        clearTimeout(call.timer);
        call.reject({ statusCode: 503, message: 'The connection to the terminal was lost' });
      }
      if (closed) return setState('closed');
      setState('closed');
      const delay = delays[Math.min(failures, delays.length - 1)] ?? 5_000;
      failures += 1;
      if (opened || !options.checkSecret) {
        retry = setTimeout(connect, delay);
        return;
      }
      // Refused before it opened: a host restarted with a new secret looks exactly like a host that is down.
      void options
        .checkSecret()
        .catch(() => undefined)
        .then((current) => {
          if (closed) return;
          if (current === false) return staleSecret();
          retry = setTimeout(connect, delay);
        });
    };
  };

  /** This page holds an earlier run's secret: no retry can succeed; every waiting call is refused, saying why. */
  const staleSecret = () => {
    closed = true;
    for (const call of pending.values()) {
      clearTimeout(call.timer);
      call.reject({ statusCode: 401, message: STALE_SECRET_MESSAGE });
    }
    pending.clear();
    setState('stale-secret');
  };

  const invoke = (operation: string, input?: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      if (state === 'stale-secret') return reject({ statusCode: 401, message: STALE_SECRET_MESSAGE });
      if (closed) return reject({ statusCode: 503, message: 'The bridge is closed' });
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject({ statusCode: 504, message: 'The terminal did not answer in time' });
      }, isLongOperation(operation) ? longTimeoutMs : timeoutMs);
      pending.set(id, { frame: JSON.stringify({ type: 'invoke', id, operation, input }), sent: false, resolve, reject, timer });
      sendWaiting();
    });

  const api: KassaApi = {
    invoke,
    on(event, handler) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
  };

  connect();
  return typed(
    api,
    () => state,
    (handler) => {
      connectionListeners.add(handler);
      return () => {
        connectionListeners.delete(handler);
      };
    },
    () => {
      closed = true;
      if (retry) clearTimeout(retry);
      socket?.close(1000, 'closing');
      for (const call of pending.values()) {
        clearTimeout(call.timer);
        call.reject({ statusCode: 503, message: 'The bridge is closed' });
      }
      pending.clear();
      if (state !== 'stale-secret') setState('closed');
    },
  );
}

const STALE_SECRET_MESSAGE = 'This page holds the secret of an earlier run: open the address npm start printed';

/** Asks the host whether `secret` is this run's (see SECRET_CHECK_PATH): true, false, or undefined if it cannot say. */
export async function askHostAboutSecret(secret: string, fetcher: typeof fetch = fetch): Promise<boolean | undefined> {
  try {
    const response = await fetcher(SECRET_CHECK_PATH, { method: 'POST', headers: { [SECRET_HEADER]: secret }, cache: 'no-store' });
    if (response.status !== 200) return undefined;
    const { current } = (await response.json()) as { current?: unknown };
    return typeof current === 'boolean' ? current : undefined;
  } catch {
    return undefined;
  }
}

/** A bridge that cannot connect: the page was opened without this run's secret. */
function noSecretBridge(): Bridge {
  const refuse = () =>
    Promise.reject({
      statusCode: 401,
      message: 'Open the address that npm start printed: it carries the secret',
    } satisfies RpcError);
  return {
    terminal: refuse as Bridge['terminal'],
    run: refuse as Bridge['run'],
    on: () => () => {},
    connection: () => 'no-secret',
    onConnection: () => () => {},
    close: () => {},
  };
}

/** The bridge for this page: Electron's preload object when present, otherwise browser mode's WebSocket. */
export function connectBridge(win: Window & { kassa?: KassaApi }): Bridge {
  if (win.kassa) return preloadBridge(win.kassa);
  const secret = takeSecret({ location: win.location, history: win.history, storage: win.sessionStorage });
  if (!secret) return noSecretBridge();
  const scheme = win.location.protocol === 'https:' ? 'wss' : 'ws';
  return socketBridge({ url: `${scheme}://${win.location.host}${RPC_PATH}`, secret, checkSecret: () => askHostAboutSecret(secret, win.fetch.bind(win)) });
}
