/**
 * In-process CPU profile of conducted 10-line receipt creates (through Fastify inject, 32 at a time).
 * `N=2000 npx tsx bench/server/profile-receipts.ts` prints receipts/s and writes /tmp/kassa-receipts.cpuprofile
 * (open it in Chrome DevTools). On SQLite by default; `DATABASE_URL=postgres://…` profiles PostgreSQL instead
 * (the database must be empty). A diagnostic, not a benchmark: the client shares the process.
 */
import { openDatabase } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { buildServer } from '../../server/app.js';
import { TEST_CONFIG } from '../../test/helpers/server.js';
import { rmSync } from 'node:fs';
rmSync('/tmp/kassa-profile.sqlite', { force: true }); rmSync('/tmp/kassa-profile.sqlite-wal', { force: true });
const handle = openDatabase(process.env.DATABASE_URL ?? '/tmp/kassa-profile.sqlite');
await migrateToLatest(handle.db as never);
const { app } = await buildServer({ ...TEST_CONFIG, logLevel: 'warn' }, handle);
const call = async (method: string, url: string, body?: unknown, token?: string) => {
  const r = await app.inject({ method: method as 'GET', url: '/api/v1' + url, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(body ? { payload: JSON.stringify(body) } : {}) });
  if (r.statusCode >= 300) throw new Error(url + ' ' + r.body);
  return JSON.parse(r.body);
};
await call('POST', '/auth/register', { login: 'p', password: 'secret12', businessName: 'b', name: 'n' });
const { access_token: t, id: userId } = await call('POST', '/auth/login', { login: 'p', password: 'secret12' });
const w = await call('POST', '/warehouses/create', { name: 'W' }, t);
const m = await call('POST', '/measurements/create', { name: 'pcs' }, t);
const p = await call('POST', '/business-config/points/create', { name: 'P' }, t);
const c = await call('POST', '/clients/create', { full_name: 'C' }, t);
const items: string[] = [];
for (let i = 0; i < 10; i++) items.push((await call('POST', '/item-modifier/items/create', { name: 'I' + i, measurement: 'pcs', price: '12.5', type: 'ITEM' }, t)).id);
const body = () => ({ name: 'D', warehouseId: [w.id], organizationId: p.id, total: '687.5', totalPlanned: '687.5', totalDiff: '0', employeeId: userId, clientId: c.id, conducted: true,
  items: items.map((itemId, i) => ({ itemId, quantity: String(i + 1), price: '12.5', plannedQuantity: String(i + 1), measureId: m.id })) });
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
const session = new Session(); session.connect();
await session.post('Profiler.enable'); await session.post('Profiler.start');
const N = Number(process.env.N ?? 2000);
const start = performance.now();
const cpuBefore = process.cpuUsage();
let done = 0;
await Promise.all(Array.from({ length: 32 }, async () => { while (done < N) { done++; await call('POST', '/receipt/create', body(), t); } }));
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpuBefore);
// CPU per receipt (this process: client, service and SQLite) moves less than wall time on a shared machine.
console.log(`${N} receipts in ${ms.toFixed(0)} ms = ${(N / ms * 1000).toFixed(0)}/s, CPU ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms/receipt`);
const { profile } = await session.post('Profiler.stop'); writeFileSync('/tmp/kassa-receipts.cpuprofile', JSON.stringify(profile));
await app.close(); await handle.close();
