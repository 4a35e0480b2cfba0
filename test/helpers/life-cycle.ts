/**
 * The behaviour every plain life-cycle resource shares (create, list, update, soft delete, optional GET by id),
 * as `it` blocks a resource's test file registers inside its own `describe.each(engines)`. The file adds the
 * tests of what is its own (validation of its fields, references, visibility, seeds).
 */
import { expect, it } from 'vitest';
import type { Database } from '../../db/schema.js';
import { catalogue } from '../../shared/catalogue/index.js';
import type { OperationSpec } from '../../shared/catalogue/operation.js';
import { cashierToken } from './actors.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from './checks.js';
import type { Tenant, TestServer } from './server.js';

export interface LifeCycleSpec {
  /** e.g. '/api/v1/suppliers'; the operations are `<base>/create`, `/all`, `/update/{id}`, `/delete/{id}` and `/{id}`. */
  readonly base: string;
  readonly table: keyof Database;
  /** A valid create body; read once per record, so a getter may vary it (e.g. keys unique per business). */
  readonly sample: Record<string, unknown>;
  /** The required field of the create body (tested missing, wrong type and empty). */
  readonly required: string;
  /** A valid update body that changes at least one field of `sample`. */
  readonly patch: Record<string, unknown>;
  /** Whether `GET <base>/{id}` exists, and its 404 message. */
  readonly findOne: boolean;
  readonly notFound: string;
  /** The audit noun, e.g. 'SUPPLIER' for CREATE_SUPPLIER. */
  readonly auditNoun: string;
}

export interface LifeCycleContext {
  readonly server: TestServer;
  readonly shop: Tenant;
  readonly rival: Tenant;
}

type Record_ = Record<string, unknown> & { id: string };

export function lifeCycleTests(context: () => LifeCycleContext, spec: LifeCycleSpec): void {
  const { base } = spec;
  const create = async (tenant: Tenant, body: Record<string, unknown> = spec.sample) => {
    const response = await context().server.request('POST', `${base}/create`, { token: tenant.token, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as Record_;
  };
  const list = async (tenant: Tenant) =>
    (await context().server.request('GET', `${base}/all`, { token: tenant.token })).body as Record_[];
  /** The stored row, with its flag read as a number (SQLite returns bigint, PostgreSQL number). */
  const stored = async (id: string) => {
    const row = (await context()
      .server.database.db.selectFrom(spec.table)
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()) as Record<string, unknown> | undefined;
    return row && { ...row, is_deleted: Number(row.is_deleted) };
  };

  it('creates a record and answers 201 with the stored record, all fields shown', async () => {
    const sample = spec.sample;
    const created = await create(context().shop, sample);
    expect(created).toMatchObject({ ...sample, is_deleted: false });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(String(created.dt_created))).not.toBeNaN();
    expect(created.dt_updated).toBe(created.dt_created);
    expect(await stored(created.id)).toMatchObject({ business_id: context().shop.businessId, is_deleted: 0 });
    expect((await list(context().shop)).find((row) => row.id === created.id)).toEqual(created);
    if (spec.findOne) {
      const fetched = await context().server.request('GET', `${base}/${created.id}`, { token: context().shop.token });
      expect(fetched.status).toBe(200);
      expect(fetched.body).toEqual(created);
    }
  });

  it('lists only live records of the caller’s business', async () => {
    const kept = await create(context().shop);
    const dropped = await create(context().shop);
    const theirs = await create(context().rival);
    const removed = await context().server.request('DELETE', `${base}/delete/${dropped.id}`, { token: context().shop.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: dropped.id, is_deleted: true });
    const ids = (await list(context().shop)).map((row) => row.id);
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(dropped.id);
    expect(ids).not.toContain(theirs.id);
    expect(await stored(dropped.id)).toMatchObject({ is_deleted: 1 });
  });

  it('updates only the fields sent, and answers 404 for a deleted record', async () => {
    const created = await create(context().shop);
    const updated = await context().server.request('PATCH', `${base}/update/${created.id}`, {
      token: context().shop.token,
      body: spec.patch,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toEqual({ ...created, ...spec.patch, dt_updated: updated.body.dt_updated });
    expect((await list(context().shop)).find((row) => row.id === created.id)).toEqual(updated.body);
    await context().server.request('DELETE', `${base}/delete/${created.id}`, { token: context().shop.token });
    expectErrorBody(
      await context().server.request('PATCH', `${base}/update/${created.id}`, { token: context().shop.token, body: spec.patch }),
      404,
      spec.notFound,
    );
    expectErrorBody(
      await context().server.request('DELETE', `${base}/delete/${created.id}`, { token: context().shop.token }),
      404,
      spec.notFound,
    );
    if (spec.findOne)
      expectErrorBody(
        await context().server.request('GET', `${base}/${created.id}`, { token: context().shop.token }),
        404,
        spec.notFound,
      );
  });

  it('rejects invalid bodies with a line naming the field, and stores nothing', async () => {
    const { server, shop } = context();
    const before = (await list(shop)).length;
    const without = Object.fromEntries(Object.entries(spec.sample).filter(([key]) => key !== spec.required));
    expectValidation(
      await server.request('POST', `${base}/create`, { token: shop.token, body: without }),
      `${spec.required} is required`,
    );
    expectValidation(
      await server.request('POST', `${base}/create`, { token: shop.token, body: { ...spec.sample, [spec.required]: 5 } }),
      `${spec.required} must be a string`,
    );
    expectValidation(
      await server.request('POST', `${base}/create`, { token: shop.token, body: { ...spec.sample, [spec.required]: '' } }),
      `${spec.required} should not be empty`,
    );
    expectValidation(
      await server.request('POST', `${base}/create`, { token: shop.token, body: [spec.sample] }),
      'must be an object',
    );
    await expectStrictBody(server, 'POST', `${base}/create`, shop.token, spec.sample);
    const created = await create(shop);
    await expectStrictBody(server, 'PATCH', `${base}/update/${created.id}`, shop.token, spec.patch);
    expectValidation(
      await server.request('PATCH', `${base}/update/${created.id}`, { token: shop.token, body: { [spec.required]: 7 } }),
      `${spec.required} must be a string`,
    );
    expect((await list(shop)).length).toBe(before + 1);
    expect(await stored(created.id)).toMatchObject({ dt_updated: created.dt_updated });
  });

  it('requires a valid token', async () => {
    await expectAuthRequired(context().server, 'GET', `${base}/all`);
    await expectAuthRequired(context().server, 'POST', `${base}/create`, spec.sample);
    await expectAuthRequired(context().server, 'PATCH', `${base}/update/x`, spec.patch);
    await expectAuthRequired(context().server, 'DELETE', `${base}/delete/x`);
  });

  it('lets cashiers use it (roles O, A, E from the catalogue), changing it with the right its entry names', async () => {
    const { server, shop } = context();
    // The right the create entry names (issue 28 §2): a cashier reads without it, and writes only with it.
    const entry = (catalogue as readonly OperationSpec[]).find((candidate) => `/api/v1${candidate.path}` === `${base}/create`);
    const right = typeof entry?.right === 'string' ? entry.right : undefined;
    const without = await cashierToken(server, shop);
    expect((await server.request('GET', `${base}/all`, { token: without.token })).status).toBe(200);
    if (right) expectErrorBody(await server.request('POST', `${base}/create`, { token: without.token, body: spec.sample }), 403, `needs the ${right} right`);
    const cashier = await cashierToken(server, shop, right ? { rights: [right] } : {});
    expect((await server.request('POST', `${base}/create`, { token: cashier.token, body: spec.sample })).status).toBe(201);
  });

  it('B2: answers 404 for an unknown id or another business’s record and changes nothing', async () => {
    const { server, shop, rival } = context();
    const theirs = await create(rival);
    for (const id of [theirs.id, 'no-such-id']) {
      if (spec.findOne) expectErrorBody(await server.request('GET', `${base}/${id}`, { token: shop.token }), 404, spec.notFound);
      expectErrorBody(
        await server.request('PATCH', `${base}/update/${id}`, { token: shop.token, body: spec.patch }),
        404,
        spec.notFound,
      );
      expectErrorBody(await server.request('DELETE', `${base}/delete/${id}`, { token: shop.token }), 404, spec.notFound);
    }
    expect(await stored(theirs.id)).toMatchObject({ is_deleted: 0, dt_updated: theirs.dt_updated });
  });

  it('writes an audit entry with every change, in the same transaction', async () => {
    const { server, shop } = context();
    const created = await create(shop);
    await server.request('PATCH', `${base}/update/${created.id}`, { token: shop.token, body: spec.patch });
    await server.request('DELETE', `${base}/delete/${created.id}`, { token: shop.token });
    const entries = await server.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'details'])
      .where('business_id', '=', shop.businessId)
      .execute();
    for (const verb of ['CREATE', 'UPDATE', 'DELETE']) {
      const action = `${verb}_${spec.auditNoun}`;
      expect(
        entries.some((entry) => entry.action === action && entry.details?.includes(created.id) && entry.user_id === shop.userId),
        action,
      ).toBe(true);
    }
  });
}
