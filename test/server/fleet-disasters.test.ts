/**
 * Disasters on the fleet read over HTTP on both engines (docs/fleet-health.md, "Disasters"): a restored database is
 * announced with when and why and how many live tills have not synced under its new generation yet; a copy of a till
 * using its credential marks the till until the copy is connected as a till of its own; a restore's losses a till
 * could not send again mark it; each till's recent incidents are listed, newest first and bounded, and never another
 * business's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGeneration } from '../../app/sync/generation.js';
import { INCIDENTS_PER_TILL } from '../../app/sync/fleet-disasters.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { enrollmentCode, enrollTerminal, shopWorld, syncCall, SYNC, type EnrolledTerminal, type ShopWorld } from '../helpers/terminals.js';

const DAY_MS = 86_400_000;
const health = (outboxDepth = 0) => ({ appVersion: '0.3.0', os: 'linux', outboxDepth, oldestUnsentAgeSeconds: null, needsAttention: 0, lastSyncError: null, printer: { status: 'ok', detail: null } });
const rewound = (id: string, detail: Record<string, unknown>) => ({
  id,
  kind: 'SERVICE_REWOUND',
  occurredAt: new Date().toISOString(),
  detail: { cause: 'SERVICE_REWOUND', resent: 0, lost: 0, lostSeqs: null, generation: null, ...detail },
});

describe.each(await testEngines())('disasters on the fleet read on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  let world: ShopWorld;

  const fleetOf = async (tenant: Tenant) => {
    const answer = await server.request('GET', `${SYNC}/fleet`, { token: tenant.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { service: Record<string, unknown>; terminals: any[] };
  };
  const entryOf = async (terminalId: string, tenant = shop) => (await fleetOf(tenant)).terminals.find((terminal) => terminal.id === terminalId);
  const pull = async (till: EnrolledTerminal, body: Record<string, unknown>) => {
    const answer = await syncCall(server, 'pull', till, { cursor: null, health: health(), ...body });
    expect(answer.status, answer.text).toBe(201);
    return answer.body;
  };
  const currentGeneration = async () => (await server.database.db.selectFrom('sync_generation').select('generation').executeTakeFirstOrThrow()).generation;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
    world = await shopWorld(server, shop);
  });
  afterAll(() => server.close());

  it('announces a restore with when and why, and counts the live tills that have not synced under the new generation yet', async () => {
    const before = await currentGeneration();
    const tills = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => enrollTerminal(server, shop, world.workplace1, `Till ${n}`)));
    // The third never pulls.
    const [caughtUp, behind, , unnamed, revoked, older] = tills as [EnrolledTerminal, EnrolledTerminal, EnrolledTerminal, EnrolledTerminal, EnrolledTerminal, EnrolledTerminal];
    for (const till of [caughtUp, behind, unnamed, revoked]) await pull(till, { generation: before });
    await pull(older, { protocolVersion: 2 });
    expect((await fleetOf(shop)).service).toMatchObject({ generation: before, reason: 'created', restored: false, tills_affected: 0, tills_not_reconciled: 0 });
    expect((await server.request('DELETE', `${SYNC}/terminals/${revoked.terminalId}`, { token: shop.token })).status).toBe(200);

    // The database put back from a backup while the service was stopped (server/backups/restore.ts).
    const restored = await startGeneration(server.database.db, 'restored from /var/backups/kassa/kassa-2026-11-27.sqlite', new Date().toISOString());
    // Every live till was there before it and has not synced since: the one that never pulled too. The revoked one
    // is not counted; the backup's path stays the service operator's.
    expect((await fleetOf(shop)).service).toEqual({
      generation: restored.generation,
      since: restored.since,
      reason: 'restored from kassa-2026-11-27.sqlite',
      previous: before,
      restored: true,
      tills_affected: 5,
      tills_not_reconciled: 5,
    });

    // One syncs under the new generation; one still under the old; one of protocol 3 names none yet; the protocol 2
    // till, which cannot send anything again, is seen after the restore and counted no more.
    await pull(caughtUp, { generation: restored.generation });
    await pull(behind, { generation: before, health: health(1) });
    await pull(unnamed, { health: health(2) });
    await pull(older, { protocolVersion: 2, health: health(3) });
    // A till enrolled after the restore has nothing to catch up with, whether it pulled or not.
    const fresh = await enrollTerminal(server, shop, world.workplace2, 'New till');
    await pull(fresh, { generation: restored.generation });
    await enrollTerminal(server, shop, world.workplace2, 'New till, silent');
    expect((await fleetOf(shop)).service).toMatchObject({ restored: true, tills_affected: 4, tills_not_reconciled: 3 });

    // Another business's fleet sees the same service, with its own tills: none.
    expect((await fleetOf(rival)).service).toMatchObject({ generation: restored.generation, restored: true, tills_affected: 0, tills_not_reconciled: 0 });

    // Two weeks on, the page stops announcing it.
    const longAgo = new Date(Date.now() - 15 * DAY_MS).toISOString();
    await server.database.db.updateTable('sync_generation').set({ since: longAgo }).where('id', '=', 1).execute();
    expect((await fleetOf(shop)).service).toMatchObject({ since: longAgo, restored: false });
  });

  it('marks a till whose copy uses its credential, until the copy is connected as a till of its own', async () => {
    const till = await enrollTerminal(server, shop, world.workplace1, 'Market till');
    await pull(till, { installId: 'install-of-the-till' });
    expect((await entryOf(till.terminalId)).alerts).toEqual([]);
    const answer = await pull(till, { installId: 'install-of-a-copy' });
    expect(answer.copy).toBeDefined();
    const entry = await entryOf(till.terminalId);
    expect(entry.alerts).toEqual(['COPY_DETECTED']);
    expect(entry.incidents).toEqual([
      {
        id: 'copy:install-of-a-copy',
        kind: 'TILL_COPY_DETECTED',
        occurred_at: expect.any(String),
        received_at: expect.any(String),
        detail: { installId: 'install-of-a-copy', boundInstallId: 'install-of-the-till' },
      },
    ]);

    // An old copy is still news while it is at work.
    const longAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    await server.database.db.updateTable('terminals').set({ enrolled_at: longAgo(100) }).where('id', '=', till.terminalId).execute();
    await server.database.db.updateTable('terminal_incidents').set({ received_at: longAgo(90) }).where('terminal_id', '=', till.terminalId).execute();
    expect((await entryOf(till.terminalId)).alerts).toEqual(['COPY_DETECTED']);

    // The copy does what it was told: enrolls as a new till from its install. The till is no longer marked, and the
    // old incident leaves the list.
    const code = await enrollmentCode(server, shop.token, world.workplace2);
    const enrolled = await server.request('POST', `${SYNC}/enroll`, { body: { code, name: 'The copy', installId: 'install-of-a-copy' } });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    expect(await entryOf(till.terminalId)).toMatchObject({ alerts: [], incidents: [] });
  });

  it('no longer marks a till enrolled again after its copy was seen: the copy’s credential is refused since', async () => {
    const till = await enrollTerminal(server, shop, world.workplace1, 'Till copied');
    await pull(till, { installId: 'install-two' });
    await pull(till, { installId: 'install-two-copy' });
    expect((await entryOf(till.terminalId)).alerts).toEqual(['COPY_DETECTED']);
    expect((await server.request('DELETE', `${SYNC}/terminals/${till.terminalId}`, { token: shop.token })).status).toBe(200);
    expect((await entryOf(till.terminalId)).alerts).toEqual([]);
    const code = await enrollmentCode(server, shop.token, world.workplace1);
    const again = await server.request('POST', `${SYNC}/enroll`, { body: { code, previousAccessToken: till.token, installId: 'install-two' } });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.terminalId).toBe(till.terminalId);
    const entry = await entryOf(till.terminalId);
    expect(entry.alerts).toEqual([]);
    expect(entry.incidents.map((incident: { kind: string }) => incident.kind)).toEqual(['TILL_COPY_DETECTED']);
  });

  it('marks a till a restore lost operations of that it could not send again, for 30 days; one that sent everything again is not', async () => {
    const resent = await enrollTerminal(server, shop, world.workplace1);
    const lost = await enrollTerminal(server, shop, world.workplace1);
    await pull(resent, { incidents: [rewound('rewound-all-sent', { resent: 6 })] });
    await pull(lost, { incidents: [rewound('rewound-lost', { resent: 3, lost: 2, lostSeqs: 'e-1: 4–5' })] });
    expect(await entryOf(resent.terminalId)).toMatchObject({ alerts: [], incidents: [{ kind: 'SERVICE_REWOUND', detail: { resent: 6, lost: 0 } }] });
    expect(await entryOf(lost.terminalId)).toMatchObject({ alerts: ['RESTORE_LOSS'], incidents: [{ id: 'rewound-lost', detail: { lost: 2, lostSeqs: 'e-1: 4–5' } }] });
    const monthAgo = new Date(Date.now() - 31 * DAY_MS).toISOString();
    await server.database.db.updateTable('terminal_incidents').set({ received_at: monthAgo }).where('terminal_id', '=', lost.terminalId).execute();
    expect(await entryOf(lost.terminalId)).toMatchObject({ alerts: [], incidents: [] });
  });

  it('lists a till’s incidents newest first, at most a bounded number of them', async () => {
    const till = await enrollTerminal(server, shop, world.workplace1);
    const start = Date.now() - DAY_MS;
    const rows = Array.from({ length: INCIDENTS_PER_TILL + 3 }, (_, n) => ({
      business_id: shop.businessId,
      terminal_id: till.terminalId,
      id: `incident-${String(n).padStart(2, '0')}`,
      kind: 'SERVICE_REWOUND',
      detail: JSON.stringify({ resent: n }),
      occurred_at: new Date(start + n * 60_000).toISOString(),
      received_at: new Date(start + n * 60_000).toISOString(),
    }));
    await server.database.db.insertInto('terminal_incidents').values(rows).execute();
    const listed = (await entryOf(till.terminalId)).incidents as { id: string }[];
    expect(listed.map((incident) => incident.id)).toEqual(rows.slice(-INCIDENTS_PER_TILL).reverse().map((row) => row.id));
  });

  it('never shows another business’s incidents, even one recorded under the same terminal id', async () => {
    const theirs = await enrollTerminal(server, rival, (await shopWorld(server, rival)).workplace1);
    await pull(theirs, { installId: 'rival-install', incidents: [rewound('rival-lost', { lost: 7 })] });
    await pull(theirs, { installId: 'rival-install-copy' });
    expect((await entryOf(theirs.terminalId, rival)).alerts).toEqual(['COPY_DETECTED', 'RESTORE_LOSS']);
    const mine = await enrollTerminal(server, shop, world.workplace1);
    const foreign = [
      { id: 'foreign-loss', kind: 'SERVICE_REWOUND', detail: JSON.stringify({ lost: 9 }) },
      { id: 'copy:foreign', kind: 'TILL_COPY_DETECTED', detail: JSON.stringify({ installId: 'foreign', boundInstallId: null }) },
    ].map((incident) => ({ ...incident, business_id: rival.businessId, terminal_id: mine.terminalId, occurred_at: new Date().toISOString(), received_at: new Date().toISOString() }));
    await server.database.db.insertInto('terminal_incidents').values(foreign).execute();
    const shops = await fleetOf(shop);
    expect(shops.terminals.find((terminal) => terminal.id === theirs.terminalId)).toBeUndefined();
    expect(shops.terminals.find((terminal) => terminal.id === mine.terminalId)).toMatchObject({ alerts: [], incidents: [] });
    const kinds = shops.terminals.flatMap((terminal) => terminal.incidents.map((incident: { id: string }) => incident.id));
    expect(kinds).not.toContain('rival-lost');
  });
});
