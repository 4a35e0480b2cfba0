/** Suppliers: who goods come from. A plain descriptive resource with the full life cycle (reference §5.10). */
import type { CreateSupplierDto, UpdateSupplierDto } from '../../shared/catalogue/supplier.js';
import { commonWire, simpleResource } from '../resources/simple-resource.js';
import { lifeCycleHandlers } from '../resources/life-cycle-handlers.js';
import { optionalPatch, optionalColumns } from '../resources/optional-columns.js';

/** Every column but the name is optional text: null clears it on update. */
const OPTIONAL = ['description', 'contact_person', 'phone_number', 'email', 'address'] as const;

export const suppliers = simpleResource<CreateSupplierDto, UpdateSupplierDto>({
  table: 'suppliers',
  label: 'Supplier',
  toRow: (body) => ({ name: body.name, ...optionalColumns(body, OPTIONAL) }),
  toPatch: (body) => ({ name: body.name ?? undefined, ...optionalPatch(body, OPTIONAL) }),
  toWire: (row) => ({ ...commonWire(row), name: row.name, ...optionalColumns(row, OPTIONAL) }),
});

export const supplierHandlers = lifeCycleHandlers(suppliers, {
  create: 'SupplierController_create',
  findAll: 'SupplierController_findAll',
  findOne: 'SupplierController_findOne',
  update: 'SupplierController_update',
  remove: 'SupplierController_remove',
});
