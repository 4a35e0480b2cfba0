/**
 * Base configuration: the business's key/value settings (reference §7.1). Unlike the reference, a key names at
 * most one live row per business: a duplicate key is a 409 (the reference stored duplicates and `key/{key}`
 * answered whichever came first). The check here gives the clear message; the partial unique index
 * `base_config_key_uq` (migration 0002) makes concurrent duplicates impossible (the loser gets a 409 too).
 */
import type { CreateBaseConfigDto, UpdateBaseConfigDto } from '../../shared/catalogue/base-config.js';
import { conflict, notFound } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';
import { handler, type Handler } from '../operation.js';
import { commonWire, simpleResource, type Columns } from '../resources/simple-resource.js';
import { lifeCycleHandlers } from '../resources/life-cycle-handlers.js';

function liveKey(db: Db, ctx: OperationContext, key: string) {
  return db
    .selectFrom('base_config')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('key_name', '=', key)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** Refuses a key another live row of the business already has; `columns.id` is the row itself on update. */
async function requireFreeKey(db: Db, ctx: OperationContext, columns: Columns, changed?: Columns) {
  if (changed && changed.key_name === undefined) return;
  const key = String(columns.key_name);
  const holder = await liveKey(db, ctx, key);
  if (holder && holder.id !== columns.id) throw conflict(`Configuration with key "${key}" already exists`);
}

export const baseConfig = simpleResource<CreateBaseConfigDto, UpdateBaseConfigDto>({
  table: 'base_config',
  label: 'Configuration',
  toRow: (body) => ({ key_name: body.key_name, key_value: body.key_value }),
  // Both columns are required: null leaves them alone, like an absent field.
  toPatch: (body) => ({ key_name: body.key_name ?? undefined, key_value: body.key_value ?? undefined }),
  toWire: (row) => ({ ...commonWire(row), key_name: row.key_name, key_value: row.key_value }),
  check: requireFreeKey,
});

async function findByKey(db: Db, key: string, ctx: OperationContext) {
  const row = await liveKey(db, ctx, key);
  if (!row) throw notFound(`Configuration with key "${key}" not found`);
  return baseConfig.findOne(db, row.id, ctx);
}

export const baseConfigHandlers = [
  ...lifeCycleHandlers(baseConfig, {
    create: 'BaseConfigController_create',
    findAll: 'BaseConfigController_findAll',
    findOne: 'BaseConfigController_findOne',
    update: 'BaseConfigController_update',
    remove: 'BaseConfigController_remove',
  }),
  handler('BaseConfigController_findByKey', (db, { params }, ctx) => findByKey(db, params.key ?? '', ctx)),
] as readonly Handler[];
