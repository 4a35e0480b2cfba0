/**
 * Output schemas of the business-structure operations: points (a shop or café of the business), workplaces (a
 * till's place within a point), printers and payment devices.
 */
import { count, id, many, resource, text } from './kit.js';

export const PointWire = resource({
  name: text(),
  guid: text().nullable(),
  /** Where the point's sales take stock from unless a line names its own warehouse. */
  default_warehouse_id: id().nullable(),
});

export const WorkplaceWire = resource({
  name: text(),
  guid: text().nullable(),
  automated_point_id: id(),
  /** Our addition: the till's number in the business (1, 2…; its sales are numbered "A-17", "B-3"…); never reused. */
  number: count().nullable(),
});

/** A printer or a payment device: the same columns (app/devices/devices.ts). */
export const DeviceWire = resource({
  name: text(),
  guid: text().nullable(),
  ip_address: text().nullable(),
  port: text().nullable(),
  provider: text().nullable(),
  mac_address: text().nullable(),
  type: text().nullable(),
});

/** A printer: a device, and the point it belongs to (additive, migration 0028; null: every point). */
export const PrinterWire = resource({
  name: text(),
  guid: text().nullable(),
  ip_address: text().nullable(),
  port: text().nullable(),
  provider: text().nullable(),
  mac_address: text().nullable(),
  type: text().nullable(),
  automated_point_id: id().nullable(),
});

export const businessOutputs = {
  BusinessController_createPoint: PointWire,
  BusinessController_findAllPoints: many(PointWire),
  BusinessController_updatePoint: PointWire,
  BusinessController_removePoint: PointWire,
  BusinessController_createWorkplace: WorkplaceWire,
  BusinessController_findAllWorkplaces: many(WorkplaceWire),
  BusinessController_updateWorkplace: WorkplaceWire,
  BusinessController_removeWorkplace: WorkplaceWire,
  BusinessController_createPrinter: PrinterWire,
  BusinessController_findAllPrinters: many(PrinterWire),
  BusinessController_updatePrinter: PrinterWire,
  BusinessController_removePrinter: PrinterWire,
  BusinessController_createPaymentDevice: DeviceWire,
  BusinessController_findAllPaymentDevices: many(DeviceWire),
  BusinessController_updatePaymentDevice: DeviceWire,
  BusinessController_removePaymentDevice: DeviceWire,
} as const;
