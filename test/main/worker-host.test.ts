import { afterEach, describe, expect, it } from 'vitest';
import type { TerminalEventName } from '../../shared/terminal-contract.js';
import { WorkerHost, type WorkerHostOptions } from '../../main/core/worker-host.js';

const fixtureCore = new URL('./fixtures/echo-core.ts', import.meta.url);
const hosts: WorkerHost[] = [];

function host(options: Partial<WorkerHostOptions> = {}): WorkerHost {
  const created = new WorkerHost({ coreModule: fixtureCore, coreOptions: { dataDir: '/tmp/kassa-fixture' }, restartDelaysMs: [20], ...options });
  hosts.push(created);
  return created;
}

function events(core: WorkerHost): Array<[TerminalEventName, unknown]> {
  const seen: Array<[TerminalEventName, unknown]> = [];
  core.subscribe((name, payload) => seen.push([name, payload]));
  return seen;
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

afterEach(async () => {
  await Promise.all(hosts.splice(0).map((created) => created.close()));
});

describe('the worker host', () => {
  it('runs the core in a worker thread and relays a call and its answer by request id', async () => {
    const core = host();
    await core.start();
    const [first, second] = await Promise.all([core.invoke('echo', { n: 1 }), core.invoke('echo', { n: 2 })]);
    expect(first).toEqual({ operation: 'echo', input: { n: 1 }, dataDir: '/tmp/kassa-fixture' });
    expect(second).toEqual({ operation: 'echo', input: { n: 2 }, dataDir: '/tmp/kassa-fixture' });
    expect(core.status).toBe('ready');
  });

  it('lets calls made before the core is ready wait for it', async () => {
    const core = host();
    const answer = core.invoke('echo', 'early');
    void core.start();
    await expect(answer).resolves.toMatchObject({ input: 'early' });
  });

  it('relays the core’s events to subscribers', async () => {
    const core = host();
    const seen = events(core);
    await core.start();
    await core.invoke('emit', { online: true, pending: 2 });
    await until(() => seen.some(([name]) => name === 'sync-status'));
    expect(seen).toContainEqual(['sync-status', { online: true, pending: 2 }]);
  });

  it('keeps a failure’s status and message lines, and nothing else', async () => {
    const core = host();
    await core.start();
    await expect(core.invoke('invalid', {})).rejects.toMatchObject({
      statusCode: 400,
      reason: ['body.name should not be empty', 'body.price must be a decimal string like "12.50"'],
    });
    await expect(core.invoke('missing', {})).rejects.toMatchObject({ statusCode: 404, message: 'Receipt not found' });
  });

  it('reports an internal fault as a bare 500: no message, stack, code or path crosses from the worker', async () => {
    const core = host();
    await core.start();
    const error = await core.invoke('internal', {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 500, message: 'Internal error' });
    expect(JSON.stringify(error)).not.toMatch(/SQLITE|secret|stack/i);
    expect(String((error as Error).stack)).not.toMatch(/SQLITE_CORRUPT|echo-core/);
  });

  it('answers 500 when the core returns something that cannot be sent', async () => {
    const core = host();
    await core.start();
    await expect(core.invoke('unclonable', {})).rejects.toMatchObject({ statusCode: 500, message: 'The result could not be sent' });
  });

  it('times a call out with 504 and keeps working afterwards', async () => {
    const core = host({ callTimeoutMs: 100 });
    await core.start();
    await expect(core.invoke('slow', 1_000)).rejects.toMatchObject({ statusCode: 504 });
    await expect(core.invoke('echo', 'after')).resolves.toMatchObject({ input: 'after' });
  });

  it('gives the long operations (enrollment’s download) their own longer timeout, and no other call', async () => {
    const core = host({ callTimeoutMs: 100, longCallTimeoutMs: 5_000 });
    await core.start();
    await expect(core.invoke('terminal.enroll', 400)).resolves.toBe('done');
    await expect(core.invoke('slow', 400)).rejects.toMatchObject({ statusCode: 504 });
  });

  it('answers 503 for the call the worker died on, restarts it, and serves the next calls', async () => {
    const core = host();
    const seen = events(core);
    await core.start();
    await expect(core.invoke('crash', {})).rejects.toMatchObject({ statusCode: 503 });
    await expect(core.invoke('echo', 'again')).resolves.toMatchObject({ input: 'again' });
    const states = seen.filter(([name]) => name === 'core-status').map(([, payload]) => payload);
    expect(states).toEqual([{ state: 'ready' }, { state: 'restarting' }, { state: 'ready' }]);
  });

  it('gives up after too many crashes in a short time and answers 503 from then on', async () => {
    const core = host({ coreOptions: { dataDir: 'refuse-to-start' }, maxCrashes: 2, restartDelaysMs: [10] });
    const lines: string[] = [];
    const logged = host({ coreOptions: { dataDir: 'refuse-to-start' }, maxCrashes: 1, restartDelaysMs: [10], log: (line) => lines.push(line) });
    await expect(core.start()).rejects.toMatchObject({ statusCode: 503 });
    expect(core.status).toBe('failed');
    await expect(core.invoke('echo', {})).rejects.toMatchObject({ statusCode: 503 });
    await expect(logged.start()).rejects.toMatchObject({ statusCode: 503 });
    expect(lines.some((line) => line.includes('failed to start: Internal error'))).toBe(true);
    expect(lines.some((line) => line.includes('giving up'))).toBe(true);
  });

  it('reads the outbox size and refuses a malformed one', async () => {
    const core = host();
    await core.start();
    expect(await core.pendingOperations()).toBe(0);
    await core.invoke('set-pending', 3);
    expect(await core.pendingOperations()).toBe(3);
    await core.invoke('set-pending', -1);
    await expect(core.pendingOperations()).rejects.toMatchObject({ statusCode: 500 });
  });

  it('closes the core and refuses calls afterwards', async () => {
    const core = host();
    await core.start();
    await core.close();
    expect(core.status).toBe('closed');
    await expect(core.invoke('echo', {})).rejects.toMatchObject({ statusCode: 503 });
  });
});
