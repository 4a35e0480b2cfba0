/**
 * `npx tsx bench/sync/pull-cost.ts [--engines sqlite,postgres --seconds 5 --connections 16]`
 *
 * What one pull costs the service when there is nothing new for the till (a poked herd's pulls are mostly that, plus
 * one change): one enrolled till pulls with its head cursor, back to back over `connections` connections, for
 * `seconds`. Prints pulls/s, latency and the service's CPU per pull. A script, not a test.
 */
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { apiClient } from '../server/fixtures.js';
import { startService } from '../server/service.js';
import { post } from './pokes-protocol.js';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    port: { type: 'string', default: '4700' },
  },
  strict: true,
});

let port = Number(values.port);
for (const engine of String(values.engines).split(',') as ('sqlite' | 'postgres')[]) {
  const service = await startService(engine, port++);
  try {
    const { baseUrl } = service;
    const anonymous = apiClient(baseUrl);
    const login = `pull-cost-${Date.now()}`;
    await anonymous.post('/auth/register', { login, password: 'bench-password', businessName: 'Pull cost', name: 'Pull cost' });
    const { access_token: ownerToken } = await anonymous.post('/auth/login', { login, password: 'bench-password' });
    const api = apiClient(baseUrl, ownerToken);
    const warehouse = await api.post('/warehouses/create', { name: 'Main' });
    const point = await api.post('/business-config/points/create', { name: 'Shop', default_warehouse_id: warehouse.id });
    const workplace = await api.post('/business-config/workplaces/create', { name: 'Till', automated_point_id: point.id });
    const { code } = await api.post('/sync/enrollment-codes', { workplaceId: workplace.id });
    const till = await anonymous.post('/sync/enroll', { code, name: 'Till' });
    const epoch = 'e-pull-cost';
    const snapshot = JSON.parse(await post(baseUrl, 'bootstrap', till.accessToken, { protocolVersion: 1, terminalId: till.terminalId, epoch, tables: ['clients'], limitRows: 1 }));
    const body = JSON.stringify({ protocolVersion: 1, terminalId: till.terminalId, epoch, cursor: snapshot.cursor, knownAck: 0, limitRows: 1000 });
    const before = service.serviceCpuSeconds();
    const result = await autocannon({
      url: `${baseUrl}/api/v1/sync/pull`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${till.accessToken}` },
      body,
      connections: Number(values.connections),
      duration: Number(values.seconds),
    });
    const cpu = (service.serviceCpuSeconds() ?? 0) - (before ?? 0);
    const pulls = result.requests.total;
    console.log(
      `${engine}: ${Math.round(result.requests.average)} pulls/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, service CPU ${((cpu * 1000) / pulls).toFixed(3)} ms per pull, non-2xx ${result.non2xx}`,
    );
  } finally {
    await service.stop();
  }
}
process.exit(0);
