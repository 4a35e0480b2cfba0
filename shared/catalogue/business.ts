/** Business operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, requiredText, text } from '../schema-kit.js';
import { isHostOrIpAddress, isMacAddress, isPort, normaliseMacAddress } from '../network-address.js';
import { operation } from './operation.js';

export const CreateAutomatedPointDto = dto({
  name: requiredText(),
  guid: text().nullish(),
  /** Our addition: the warehouse the point's sales take stock from (docs/api/orders-and-settlements.md). */
  default_warehouse_id: requiredText().nullish(),
});
export type CreateAutomatedPointDto = z.output<typeof CreateAutomatedPointDto>;

export const UpdateAutomatedPointDto = dto({
  name: text().nullish(),
  guid: text().nullish(),
  default_warehouse_id: requiredText().nullish(),
});
export type UpdateAutomatedPointDto = z.output<typeof UpdateAutomatedPointDto>;

export const CreateWorkplaceDto = dto({
  name: requiredText(),
  guid: text().nullish(),
  automated_point_id: requiredText(),
});
export type CreateWorkplaceDto = z.output<typeof CreateWorkplaceDto>;

export const UpdateWorkplaceDto = dto({
  name: text().nullish(),
  guid: text().nullish(),
  automated_point_id: text().nullish(),
});
export type UpdateWorkplaceDto = z.output<typeof UpdateWorkplaceDto>;

/**
 * A network setting checked with `check` when given and stored as `normalise` writes it. Null, absent or `""`
 * (what existing clients send for a field left blank): not set, stored as null. Both device kinds check the
 * address; the reference checked it only for payment devices, and never the port or the MAC address.
 */
const networkField = (check: (value: string) => boolean, message: string, normalise: (value: string) => string = (value) => value) =>
  text()
    .transform((value, ctx): string | null => {
      if (value === '') return null;
      if (check(value)) return normalise(value);
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .nullish();

/** The fields of a printer or payment device, the same for both; only the name is required on create. */
const deviceFields = {
  guid: text().nullish(),
  ip_address: networkField(isHostOrIpAddress, 'must be an IPv4 or IPv6 address or a host name'),
  port: networkField(isPort, 'must be a port number from 1 to 65535 written as digits'),
  provider: text().nullish(),
  mac_address: networkField(isMacAddress, 'must be a MAC address like AA:BB:CC:DD:EE:FF, AA-BB-CC-DD-EE-FF or AABBCCDDEEFF', (value) => normaliseMacAddress(value) ?? value),
  type: text().nullish(),
};

/**
 * Additive (issue 16): the point the printer belongs to — a point of the business, else a 400 naming the field;
 * absent or null on create: every point; null on update clears it. The reference gives a printer no point.
 */
const printerPoint = { automated_point_id: text().nullish() };

export const CreatePrinterDto = dto({ name: requiredText(), ...deviceFields, ...printerPoint });
export type CreatePrinterDto = z.output<typeof CreatePrinterDto>;

export const UpdatePrinterDto = dto({ name: text().nullish(), ...deviceFields, ...printerPoint });
export type UpdatePrinterDto = z.output<typeof UpdatePrinterDto>;

export const CreatePaymentDeviceDto = dto({ name: requiredText(), ...deviceFields });
export type CreatePaymentDeviceDto = z.output<typeof CreatePaymentDeviceDto>;

export const UpdatePaymentDeviceDto = dto({ name: text().nullish(), ...deviceFields });
export type UpdatePaymentDeviceDto = z.output<typeof UpdatePaymentDeviceDto>;

/**
 * Structure — points and workplaces — is changed by owners and admins only (issue 28 §1: a cashier moved another
 * point's workplace to their own and so reached its shift); no till queues these. Printers and payment devices stay
 * open to cashiers as the role's rights allow; a printer only at the cashier's own point (app/security/point-references.ts).
 */
export const businessOperations = [
  operation({ operationId: 'BusinessController_createPoint', method: 'POST', path: '/business-config/points/create', tag: 'Business', body: CreateAutomatedPointDto, access: ['OWNER', 'ADMIN'], offline: 'descriptive' }),
  operation({ operationId: 'BusinessController_findAllPoints', method: 'GET', path: '/business-config/points/all', tag: 'Business', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'BusinessController_updatePoint', method: 'PATCH', path: '/business-config/points/update/{id}', tag: 'Business', body: UpdateAutomatedPointDto, access: ['OWNER', 'ADMIN'], offline: 'descriptive' }),
  operation({ operationId: 'BusinessController_removePoint', method: 'DELETE', path: '/business-config/points/delete/{id}', tag: 'Business', access: ['OWNER', 'ADMIN'], offline: 'delete' }),
  operation({ operationId: 'BusinessController_createWorkplace', method: 'POST', path: '/business-config/workplaces/create', tag: 'Business', body: CreateWorkplaceDto, access: ['OWNER', 'ADMIN'], offline: 'descriptive' }),
  operation({ operationId: 'BusinessController_findAllWorkplaces', method: 'GET', path: '/business-config/workplaces/all', tag: 'Business', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'BusinessController_updateWorkplace', method: 'PATCH', path: '/business-config/workplaces/update/{id}', tag: 'Business', body: UpdateWorkplaceDto, access: ['OWNER', 'ADMIN'], offline: 'descriptive' }),
  operation({ operationId: 'BusinessController_removeWorkplace', method: 'DELETE', path: '/business-config/workplaces/delete/{id}', tag: 'Business', access: ['OWNER', 'ADMIN'], offline: 'delete' }),
  operation({ operationId: 'BusinessController_createPrinter', method: 'POST', path: '/business-config/printers/create', tag: 'Business', body: CreatePrinterDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'SETTINGS', offline: 'descriptive' }),
  operation({ operationId: 'BusinessController_findAllPrinters', method: 'GET', path: '/business-config/printers/all', tag: 'Business', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'BusinessController_updatePrinter', method: 'PATCH', path: '/business-config/printers/update/{id}', tag: 'Business', body: UpdatePrinterDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'SETTINGS', offline: 'descriptive' }),
  operation({ operationId: 'BusinessController_removePrinter', method: 'DELETE', path: '/business-config/printers/delete/{id}', tag: 'Business', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'SETTINGS', offline: 'delete' }),
  operation({ operationId: 'BusinessController_createPaymentDevice', method: 'POST', path: '/business-config/payment-devices/create', tag: 'Business', body: CreatePaymentDeviceDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'PAYMENT_METHODS', offline: 'descriptive' }),
  operation({ operationId: 'BusinessController_findAllPaymentDevices', method: 'GET', path: '/business-config/payment-devices/all', tag: 'Business', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'BusinessController_updatePaymentDevice', method: 'PATCH', path: '/business-config/payment-devices/update/{id}', tag: 'Business', body: UpdatePaymentDeviceDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'PAYMENT_METHODS', offline: 'descriptive' }),
  operation({ operationId: 'BusinessController_removePaymentDevice', method: 'DELETE', path: '/business-config/payment-devices/delete/{id}', tag: 'Business', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'PAYMENT_METHODS', offline: 'delete' }),
] as const;
