/**
 * A share of bench/sync/pokes.ts's tills, in a process of its own (real tills are separate machines; on a machine
 * with more cores than this one, several such processes keep the load generator from being what is measured).
 * Each till keeps its poke stream and pulls on `hello` and `poke` (one more pull if poked while pulling, again at
 * once while `hasMore`), or polls; every page's change markers are reported with when the page arrived.
 */
import { MARKER, headOf, post, sleep, wallNow, type FromTills, type TillSpec, type ToTills } from './pokes-protocol.js';

interface Till extends TillSpec {
  cursor: string | null;
  pulling: boolean;
  again: boolean;
}

const send = (message: FromTills) => process.send?.(message);
const streams: AbortController[] = [];
let running = true;

async function start(baseUrl: string, mode: 'pokes' | 'polling', pollMs: number, specs: readonly TillSpec[]): Promise<void> {
  const tills: Till[] = specs.map((spec) => ({ ...spec, pulling: false, again: false }));
  const pullOnce = async (till: Till): Promise<void> => {
    const sent = performance.now();
    const page = await post(baseUrl, 'pull', till.token, { protocolVersion: 1, terminalId: till.terminalId, epoch: till.epoch, cursor: till.cursor, knownAck: 0, limitRows: 1000 });
    const at = wallNow();
    send({ type: 'pull', ms: performance.now() - sent });
    const markers = [...new Set(page.match(MARKER) ?? [])];
    if (markers.length > 0) send({ type: 'seen', index: till.index, markers, at });
    const head = headOf(page);
    if (head.cursor) till.cursor = head.cursor;
    if (head.hasMore) till.again = true;
  };
  const pull = async (till: Till): Promise<void> => {
    if (till.pulling) {
      till.again = true;
      return;
    }
    till.pulling = true;
    try {
      do {
        till.again = false;
        await pullOnce(till);
      } while (till.again);
    } catch (error) {
      send({ type: 'error', message: `till ${till.index}: ${(error as Error).message}` });
    } finally {
      till.pulling = false;
    }
  };
  for (const till of tills) {
    if (mode === 'polling') {
      void (async () => {
        await sleep(Math.random() * pollMs);
        while (running) {
          await pull(till);
          await sleep(pollMs);
        }
      })();
      send({ type: 'live' });
      continue;
    }
    const abort = new AbortController();
    streams.push(abort);
    void (async () => {
      const response = await fetch(`${baseUrl}/api/v1/sync/pokes`, { headers: { accept: 'text/event-stream', authorization: `Bearer ${till.token}` }, signal: abort.signal });
      if (response.status !== 200 || !response.body) throw new Error(`pokes → ${response.status}`);
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = /^event: (\S+)$/m.exec(buffer.slice(0, end))?.[1];
            buffer = buffer.slice(end + 2);
            if (event === 'hello') send({ type: 'live' });
            if (event === 'hello' || event === 'poke') void pull(till);
          }
        }
      } catch {
        // aborted at the end of the run
      }
    })().catch((error: unknown) => send({ type: 'error', message: `till ${till.index}: ${(error as Error).message}` }));
  }
}

process.on('message', (message: ToTills) => {
  if (message.type === 'start') void start(message.baseUrl, message.mode, message.pollMs, message.tills);
  else {
    running = false;
    for (const abort of streams) abort.abort();
    process.disconnect?.();
    setTimeout(() => process.exit(0), 100);
  }
});
