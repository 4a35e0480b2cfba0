/** Requests and stored-state readers the client-debt tests share. */
import type { Tenant, TestServer } from './server.js';

/** `server` is a getter because suites create their server in `beforeAll`. */
export function debtApi(server: () => TestServer) {
  /**
   * Every request starts at a later millisecond than the previous one ended: ids are random within a
   * millisecond, so "newest first" and ledger order are only defined between different timestamps.
   */
  const request: TestServer['request'] = async (...args) => {
    await new Promise((resolve) => setTimeout(resolve, 2));
    return server().request(...args);
  };
  const debtBody = (tenant: Tenant, clientId: string, amount: string) => ({
    client_id: clientId,
    debt_amount: amount,
    employee_id: tenant.userId,
    id_automated_point: '0',
  });
  const createDebt = (tenant: Tenant, body: unknown) => request('POST', '/api/v1/client-debts/create', { token: tenant.token, body });
  const transact = (tenant: Tenant, body: unknown) =>
    request('POST', '/api/v1/client-debts/transactions/create', { token: tenant.token, body });
  const record = (clientId: string) =>
    server().database.db.selectFrom('client_debts').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  const entries = (clientId: string) =>
    server()
      .database.db.selectFrom('client_debt_txns')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('dt_created')
      .orderBy('id')
      .execute();
  return { request, debtBody, createDebt, transact, record, entries };
}
