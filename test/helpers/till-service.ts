/**
 * The usual world of a terminal-core test: a real service on loopback with one shop (two points, their warehouses
 * and workplaces) and a cashier at till 1, and real tills — their own in-memory store, enrolled at till 1 through
 * the service's own operations and bootstrapped. One place, so each test file states only what its tests add.
 */
import { Terminal, fetchTransport, type Transport } from '../../main/terminal/terminal.js';
import type { Engine } from '../../db/connect.js';
import type { ApiResponse } from './server.js';
import { cashierToken } from './actors.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from './server.js';
import { enrollmentCode, shopWorld, type ShopWorld } from './terminals.js';

export interface TillService {
  readonly server: TestServer;
  /** The service's address, as a till enrolls with it. */
  readonly url: string;
  readonly shop: Tenant;
  readonly world: ShopWorld;
  /** The id of a cashier employed at till 1. */
  readonly cashier: string;
  /** A REST call as the shop's owner. */
  rest(method: string, path: string, body?: unknown): Promise<ApiResponse<any>>;
  /** A new till at till 1: its own store, enrolled and bootstrapped; closed with the service. */
  till(transport?: Transport): Promise<Terminal>;
  /** A till the test opened itself, to be closed with the others. */
  track(terminal: Terminal): Terminal;
  /** Closes every till opened, then the service. */
  close(): Promise<void>;
}

/**
 * `cashierRights`: what the cashier's role grants (shared/rights.ts) — the work a file's tills do beyond selling
 * (stock, debts, refunds); absent, the cashier has no role: the baseline.
 */
export async function startTillService(engine: Engine, options: { cashierRights?: readonly string[] } = {}): Promise<TillService> {
  const server = await startTestServer(engine);
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const shop = await registerTenant(server);
  const world = await shopWorld(server, shop);
  const rights = options.cashierRights ? { rights: options.cashierRights } : {};
  const cashier = (await cashierToken(server, shop, { workplaceId: world.workplace1, ...rights })).id;
  const terminals: Terminal[] = [];
  return {
    server,
    url,
    shop,
    world,
    cashier,
    rest: (method, path, body) => server.request(method, `/api/v1${path}`, { token: shop.token, body }),
    async till(transport = fetchTransport) {
      const terminal = await Terminal.open(':memory:', transport);
      terminals.push(terminal);
      await terminal.enroll(url, await enrollmentCode(server, shop.token, world.workplace1), 'Till');
      await terminal.bootstrap();
      return terminal;
    },
    track(terminal) {
      terminals.push(terminal);
      return terminal;
    },
    async close() {
      for (const terminal of terminals) await terminal.close();
      await server.close();
    },
  };
}
