/**
 * `GET /api/v1/sync/pokes`: a till's kept connection (server-sent events, docs/sync.md "Pokes"). It is a catalogue
 * operation like pull and push, so it is authenticated exactly as they are (the device credential, the terminal's
 * row re-checked through the principal cache; anything else is a 401 and no stream). Its events:
 *
 * - `hello` once connected: pull now (changes made while the till was not connected were announced to nobody);
 * - `poke` when a commit logged changes in the till's scope (several commits before the till reads: one poke);
 * - a comment line every `heartbeatMs`, so proxies and the till's watchdog see a live connection;
 * - `closed` before the stream ends because the terminal was revoked or the service is stopping.
 *
 * At each heartbeat the terminal's row is read again: a revoked till's stream ends, and a till moved to another
 * point or warehouse is poked for its new scope from then on.
 */
import { unauthorized } from '../../shared/errors.js';
import { resolveTerminalScope, type TerminalScope } from '../../app/sync/scope.js';
import type { StreamingHandler } from '../routes.js';
import { concernsScope, type Pokes, type PokeSubscriber } from './pokes.js';

export const DEFAULT_HEARTBEAT_MS = 15_000;

const HELLO = 'retry: 3000\nevent: hello\ndata: {}\n\n';
const POKE = 'event: poke\ndata: {}\n\n';
const HEARTBEAT = ': heartbeat\n\n';
const closedEvent = (reason: string) => `event: closed\ndata: ${JSON.stringify({ reason })}\n\n`;

export function pokesStreamingHandler(pokes: Pokes, heartbeatMs = DEFAULT_HEARTBEAT_MS): StreamingHandler {
  return {
    operationId: 'SyncController_pokes',
    async open({ db }, _input, ctx, signal) {
      if (ctx.actor.kind !== 'terminal') throw unauthorized();
      const terminalId = ctx.actor.id;
      let scope: TerminalScope | null = await resolveTerminalScope(db, ctx.businessId, terminalId);
      if (!scope) throw unauthorized();

      let due = false;
      let ended: string | null = null;
      let wake: (() => void) | null = null;
      const rouse = () => {
        const waiting = wake;
        wake = null;
        waiting?.();
      };
      const subscriber: PokeSubscriber = {
        concerns: (scopes) => scope !== null && concernsScope(scopes, scope.pointId, scope.warehouseId),
        poke() {
          due = true;
          rouse();
        },
        end() {
          ended ??= 'the service is stopping';
          rouse();
        },
      };
      async function* events(): AsyncGenerator<string> {
        // Subscribed inside the generator: its `finally` is what unsubscribes, and runs only once it has started.
        signal.addEventListener('abort', rouse, { once: true });
        const unsubscribe = pokes.subscribe(ctx.businessId, subscriber);
        try {
          yield HELLO;
          let beatAt = Date.now() + heartbeatMs;
          while (!signal.aborted) {
            if (!due && ended === null) {
              let timer: NodeJS.Timeout | undefined;
              await new Promise<void>((resolve) => {
                wake = resolve;
                timer = setTimeout(resolve, Math.max(0, beatAt - Date.now()));
              });
              clearTimeout(timer);
              wake = null;
            }
            if (signal.aborted) return;
            if (ended !== null) {
              yield closedEvent(ended);
              return;
            }
            if (due) {
              due = false;
              yield POKE;
              continue;
            }
            if (Date.now() >= beatAt) {
              scope = await resolveTerminalScope(db, ctx.businessId, terminalId);
              if (!scope) {
                yield closedEvent('the terminal’s credential was revoked');
                return;
              }
              yield HEARTBEAT;
              beatAt = Date.now() + heartbeatMs;
            }
          }
        } finally {
          unsubscribe();
          signal.removeEventListener('abort', rouse);
        }
      }
      return { status: 200, contentType: 'text/event-stream; charset=utf-8', chunks: events() };
    },
  };
}
