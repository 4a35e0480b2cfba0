/**
 * Printers and payment devices of the business (reference §5.3): plain descriptive resources with the same
 * columns, each with create, list, update and delete (the reference has no GET by id). Their network settings
 * (ip_address, port, mac_address) are validated by the catalogue's DTOs, so a bad address is a 400 before
 * anything runs. A printer may also name the point it belongs to (`automated_point_id`, additive, migration 0028),
 * which must be a live point of the business (400 naming the field); the till prints there first
 * (main/printing/printer-settings.ts).
 */
import type {
  CreatePaymentDeviceDto,
  CreatePrinterDto,
  UpdatePaymentDeviceDto,
  UpdatePrinterDto,
} from '../../shared/catalogue/business.js';
import type { Handler } from '../operation.js';
import { commonWire, simpleResource } from '../resources/simple-resource.js';
import { lifeCycleHandlers } from '../resources/life-cycle-handlers.js';
import { optionalColumns, optionalPatch } from '../resources/optional-columns.js';
import { requireLive } from '../business/references.js';

const OPTIONAL = ['guid', 'ip_address', 'port', 'provider', 'mac_address', 'type'] as const;

type DeviceBody = { readonly name?: string | null } & Partial<Record<(typeof OPTIONAL)[number], string | null>>;

function deviceResource<Create extends DeviceBody, Update extends DeviceBody>(
  table: 'printers' | 'payment_devices',
  label: string,
) {
  return simpleResource<Create, Update>({
    table,
    label,
    toRow: (body) => ({ name: body.name, ...optionalColumns(body, OPTIONAL) }),
    toPatch: (body) => ({ name: body.name ?? undefined, ...optionalPatch(body, OPTIONAL) }),
    toWire: (row) => ({ ...commonWire(row), name: row.name, ...optionalColumns(row, OPTIONAL) }),
  });
}

const PRINTER_OPTIONAL = [...OPTIONAL, 'automated_point_id'] as const;

export const printers = simpleResource<CreatePrinterDto, UpdatePrinterDto>({
  table: 'printers',
  label: 'Printer',
  toRow: (body) => ({ name: body.name, ...optionalColumns(body, PRINTER_OPTIONAL) }),
  toPatch: (body) => ({ name: body.name ?? undefined, ...optionalPatch(body, PRINTER_OPTIONAL) }),
  toWire: (row) => ({ ...commonWire(row), name: row.name, ...optionalColumns(row, PRINTER_OPTIONAL) }),
  // Only a point being set is checked: a point deleted later leaves the printer editable (the till then finds no
  // such point and the printer prints nowhere until it is moved).
  check: async (db, ctx, columns, changed) => {
    const point = (changed ?? columns).automated_point_id;
    if (typeof point === 'string') await requireLive(db, ctx, { table: 'points', id: point, field: 'automated_point_id', what: 'point of the business' });
  },
});
export const paymentDevices = deviceResource<CreatePaymentDeviceDto, UpdatePaymentDeviceDto>('payment_devices', 'Payment device');

export const deviceHandlers: readonly Handler[] = [
  ...lifeCycleHandlers(printers, {
    create: 'BusinessController_createPrinter',
    findAll: 'BusinessController_findAllPrinters',
    update: 'BusinessController_updatePrinter',
    remove: 'BusinessController_removePrinter',
  }),
  ...lifeCycleHandlers(paymentDevices, {
    create: 'BusinessController_createPaymentDevice',
    findAll: 'BusinessController_findAllPaymentDevices',
    update: 'BusinessController_updatePaymentDevice',
    remove: 'BusinessController_removePaymentDevice',
  }),
];
