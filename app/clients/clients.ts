/**
 * Clients: the people a business sells to on credit. A descriptive resource with the reference's own 404
 * message (`Client with ID <id> not found`) and newest-first listing. Removing a client leaves its debt record
 * and ledger untouched: a debt does not disappear because the card was deleted (see docs/api/clients-and-debts.md).
 */
import type { Selectable } from 'kysely';
import type { CreateClientDto, UpdateClientDto } from '../../shared/catalogue/client.js';
import { notFound } from '../../shared/errors.js';
import { formatMoney, type Money } from '../../shared/decimal.js';
import { units } from '../../db/values.js';
import type { ClientsTable } from '../../db/schema.js';
import type { Db, OperationContext } from '../context.js';
import { liveRowsNewestFirst } from '../resources/newest-first.js';
import { handler } from '../operation.js';
import { commonWire } from '../resources/simple-resource.js';

type ClientRow = Selectable<ClientsTable>;

function toWire(row: ClientRow) {
  return {
    ...commonWire(row),
    full_name: row.full_name,
    phone_number: row.phone_number ?? null,
    email: row.email ?? null,
    address: row.address ?? null,
    birthday: row.birthday ?? null,
    credit_limit: row.credit_limit === null || row.credit_limit === undefined ? null : formatMoney(units(row.credit_limit)),
  };
}

/** A live client of the caller's business, or 404 (deleted and foreign ids look the same as unknown ones). */
export async function loadClient(db: Db, ctx: OperationContext, id: string): Promise<ClientRow> {
  const row = await db
    .selectFrom('clients')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound(`Client with ID ${id} not found`);
  return row;
}

async function create(db: Db, body: CreateClientDto, ctx: OperationContext) {
  const row: ClientRow = {
    business_id: ctx.businessId,
    id: ctx.newId(),
    full_name: body.full_name,
    phone_number: body.phone_number ?? null,
    email: body.email ?? null,
    address: body.address ?? null,
    birthday: body.birthday ?? null,
    credit_limit: (body.credit_limit ?? null) as Money | null,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
  await db.insertInto('clients').values(row).execute();
  return toWire(row);
}

async function findAll(db: Db, ctx: OperationContext) {
  const rows = await liveRowsNewestFirst(db, ctx, 'clients').execute();
  return rows.map(toWire);
}

/** Only the fields sent change; null (and "" for birthday) clears an optional field. */
function patchOf(body: UpdateClientDto): Partial<ClientRow> {
  const patch: Partial<ClientRow> = {};
  if (body.full_name !== undefined) patch.full_name = body.full_name;
  if (body.phone_number !== undefined) patch.phone_number = body.phone_number;
  if (body.email !== undefined) patch.email = body.email;
  if (body.address !== undefined) patch.address = body.address;
  if (body.birthday !== undefined) patch.birthday = body.birthday;
  if (body.credit_limit !== undefined) patch.credit_limit = body.credit_limit;
  return patch;
}

async function update(db: Db, id: string, body: UpdateClientDto, ctx: OperationContext) {
  const current = await loadClient(db, ctx, id);
  const changes = { ...patchOf(body), dt_updated: ctx.now };
  await db.updateTable('clients').set(changes).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
  return toWire({ ...current, ...changes });
}

async function remove(db: Db, id: string, ctx: OperationContext) {
  const current = await loadClient(db, ctx, id);
  const changes = { is_deleted: 1, dt_updated: ctx.now };
  await db.updateTable('clients').set(changes).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
  return toWire({ ...current, ...changes });
}

export const clientHandlers = [
  handler('ClientController_create', (db, { body }, ctx) => create(db, body, ctx), {
    audit: { type: 'SYSTEM', action: 'CREATE_CLIENT' },
  }),
  handler('ClientController_findAll', (db, _input, ctx) => findAll(db, ctx)),
  handler('ClientController_findOne', async (db, { params }, ctx) => toWire(await loadClient(db, ctx, params.id ?? ''))),
  handler('ClientController_update', (db, { params, body }, ctx) => update(db, params.id ?? '', body, ctx), {
    audit: { type: 'SYSTEM', action: 'UPDATE_CLIENT' },
  }),
  handler('ClientController_remove', (db, { params }, ctx) => remove(db, params.id ?? '', ctx), {
    audit: { type: 'SYSTEM', action: 'DELETE_CLIENT' },
  }),
];
