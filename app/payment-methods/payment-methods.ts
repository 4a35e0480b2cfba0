/**
 * Payment methods (cash, card, …): a plain descriptive resource with the full life cycle (reference §5.9).
 * Registration seeds a "Cash" method for every new business (server/platform/auth.ts, via `cashMethodRow`).
 * A GET of an unknown id is a 404 here; the reference answered 200 with an empty body (its bug B2).
 * Our addition: `kind` (CASH, CARD, DEBT, OTHER; default OTHER). An order paid by a DEBT method puts the sum on
 * the order's client's debt (docs/api/orders-and-settlements.md).
 */
import type { CreatePaymentMethodDto, UpdatePaymentMethodDto } from '../../shared/catalogue/payment-method.js';
import type { PaymentMethodsTable } from '../../db/schema.js';
import { commonWire, simpleResource } from '../resources/simple-resource.js';
import { lifeCycleHandlers } from '../resources/life-cycle-handlers.js';

export const paymentMethods = simpleResource<CreatePaymentMethodDto, UpdatePaymentMethodDto>({
  table: 'payment_methods',
  label: 'Payment method',
  toRow: (body) => ({ name: body.name, guid: body.guid ?? null, kind: body.kind ?? 'OTHER' }),
  // null for the kind leaves it alone, like an absent field: the column always holds a kind.
  toPatch: (body) => ({ name: body.name ?? undefined, guid: body.guid, kind: body.kind ?? undefined }),
  toWire: (row) => ({ ...commonWire(row), name: row.name, guid: row.guid ?? null, kind: row.kind ?? 'OTHER' }),
});

/** The payment method every new business starts with, as the reference seeds it at registration. */
export function cashMethodRow(businessId: string, id: string, now: string): PaymentMethodsTable {
  return { business_id: businessId, id, name: 'Cash', guid: null, kind: 'CASH', is_deleted: 0, dt_created: now, dt_updated: now };
}

export const paymentMethodHandlers = lifeCycleHandlers(paymentMethods, {
  create: 'PaymentMethodController_create',
  findAll: 'PaymentMethodController_findAll',
  findOne: 'PaymentMethodController_findOne',
  update: 'PaymentMethodController_update',
  remove: 'PaymentMethodController_remove',
});
