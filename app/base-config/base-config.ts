/**
 * Base configuration: the business's key/value settings (reference §7.1). Unlike the reference, a key names at
 * most one live row per business: a duplicate key is a 409 (the reference stored duplicates and `key/{key}`
 * answered whichever came first). The check here gives the clear message; the partial unique index
 * `base_config_key_uq` (migration 0002) makes concurrent duplicates impossible (the loser gets a 409 too).
 * Keys Kassa itself reads have their value checked on write, here on the service and the till alike, so that a
 * setting the checkout cannot use is refused with a 400 instead of failing at a sale (docs/api.md, "Weight and
 * price barcodes").
 */
import type { CreateBaseConfigDto, UpdateBaseConfigDto } from '../../shared/catalogue/base-config.js';
import { readWeightBarcodeSettings, WEIGHT_BARCODES_CONFIG_KEY } from '../../shared/barcodes/weight-barcode-settings.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
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

/** Refuses a value of a key Kassa reads that the reader would not accept; the row is whole, so a rename counts too. */
function requireReadableValue(columns: Columns) {
  if (columns.key_name !== WEIGHT_BARCODES_CONFIG_KEY) return;
  const read = readWeightBarcodeSettings(String(columns.key_value));
  if (!read.ok) throw badRequest(read.problems.map((problem) => `key_value ${problem}`));
}

async function checkConfiguration(db: Db, ctx: OperationContext, columns: Columns, changed?: Columns) {
  requireReadableValue(columns);
  await requireFreeKey(db, ctx, columns, changed);
}

export const baseConfig = simpleResource<CreateBaseConfigDto, UpdateBaseConfigDto>({
  table: 'base_config',
  label: 'Configuration',
  toRow: (body) => ({ key_name: body.key_name, key_value: body.key_value }),
  // Both columns are required: null leaves them alone, like an absent field.
  toPatch: (body) => ({ key_name: body.key_name ?? undefined, key_value: body.key_value ?? undefined }),
  toWire: (row) => ({ ...commonWire(row), key_name: row.key_name, key_value: row.key_value }),
  check: checkConfiguration,
});

async function findByKey(db: Db, key: string, ctx: OperationContext) {
  const row = await liveKey(db, ctx, key);
  if (!row) throw notFound(`Configuration with key "${key}" not found`);
  return baseConfig.findOne(db, row.id, ctx);
}

export const baseConfigHandlers: readonly Handler[] = [
  ...lifeCycleHandlers(baseConfig, {
    create: 'BaseConfigController_create',
    findAll: 'BaseConfigController_findAll',
    findOne: 'BaseConfigController_findOne',
    update: 'BaseConfigController_update',
    remove: 'BaseConfigController_remove',
  }),
  handler('BaseConfigController_findByKey', (db, { params }, ctx) => findByKey(db, params.key ?? '', ctx)),
];
