/** Output schemas of the supplier operations: a supplier record. */
import { many, resource, text } from './kit.js';

export const SupplierWire = resource({
  name: text(),
  description: text().nullable(),
  contact_person: text().nullable(),
  phone_number: text().nullable(),
  email: text().nullable(),
  address: text().nullable(),
});

export const supplierOutputs = {
  SupplierController_create: SupplierWire,
  SupplierController_findAll: many(SupplierWire),
  SupplierController_findOne: SupplierWire,
  SupplierController_update: SupplierWire,
  SupplierController_remove: SupplierWire,
} as const;
