/**
 * The checks an order write runs against the database before it writes anything that counts: every id it names
 * exists in the caller's business (400 naming the field, all problems at once), the settlements it names are
 * open (409), and each line gets its warehouse (docs/api/orders-and-settlements.md, D6). Used by create and update alike; an update asks only about what
 * it changes.
 */
import { badRequest, conflict } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';
import { findOrderReferences, settlementStates } from './order-references.js';
import { acceptsDeletedReferences, warn } from '../warnings.js';
import type { DiscountContent, LineContent, PaymentContent, TaxContent } from './order-rows.js';
import { decodeLineModifiers } from './line-modifiers.js';
import { itemModifierMenus } from './modifier-menu.js';
import { lineModifierShapeProblems, lineRuleProblems } from '../../shared/orders/modifier-rules.js';

export interface OrderCheckRequest {
  /** The order's point: whose default warehouse lines take stock from. */
  readonly pointId: string;
  /** Create only: the point and workplace named by the body (the workplace must belong to the point). */
  readonly header?: { readonly workplaceId: string };
  /** A client being set on the order. */
  readonly clientId?: string | null;
  /** Lines being written. */
  readonly lines?: readonly LineContent[];
  /** Update: the warehouse the order already takes each item from, and the items already on it. */
  readonly knownWarehouses?: ReadonlyMap<string, string>;
  readonly knownItems?: ReadonlySet<string>;
  readonly discounts?: readonly DiscountContent[];
  readonly taxes?: readonly TaxContent[];
  readonly payments?: readonly PaymentContent[];
  /** Settlements being set, each with the field that names it. */
  readonly settlements?: readonly { readonly field: string; readonly id: string | null }[];
}

export interface OrderCheckResult {
  /** The warehouse of each line of `lines` (null: the line moves no stock). */
  readonly lineWarehouses: readonly (string | null)[];
  /** Whether each line of `lines` is a stocked line that moves no stock: its business has no warehouse at all. */
  readonly linesWithoutStock: readonly boolean[];
  /** Whether each payment of `payments` is by a DEBT method. */
  readonly debtPayments: readonly boolean[];
}

const given = (value: string | null | undefined): value is string => typeof value === 'string';

/** Throws one 400 listing every problem, if there are any. */
export const failIfAny = (problems: readonly string[]) => {
  if (problems.length > 0) throw badRequest([...problems]);
};

/** A DEBT payment needs someone to owe it: the order's client. */
export function refuseDebtWithoutClient(
  debt: { clientId: string | null; amount: bigint },
  payments: readonly { is_debt: unknown }[],
) {
  if (debt.amount === 0n || debt.clientId !== null) return;
  const index = payments.findIndex((payment) => Number(payment.is_debt) !== 0);
  throw badRequest([`client_id is required: payments.${index}.payment_type_id is a DEBT payment method`]);
}

/**
 * The modifier-group rules of the lines that carry modifiers (a line sent without `modifiers`, as a reference
 * client sends it, is not held to them). A queued sale broke them because the rules changed while it waited: it
 * happened, so it is applied with a MODIFIER_RULES warning; anything else is a 400 naming `items.N.modifiers`.
 */
async function checkLineModifiers(db: Db, ctx: OperationContext, pointId: string, lines: readonly LineContent[], problems: string[]) {
  const withModifiers = lines.flatMap((line, index) => {
    const chosen = decodeLineModifiers(line.modifiers);
    return chosen === null ? [] : [{ line, index, chosen }];
  });
  if (withModifiers.length === 0) return;
  const menus = await itemModifierMenus(
    db,
    ctx,
    withModifiers.map(({ line }) => line.item_id),
    pointId,
  );
  for (const { line, index, chosen } of withModifiers) {
    const field = `items.${index}`;
    const shape = lineModifierShapeProblems(field, chosen);
    const broken = shape.length > 0 ? shape : lineRuleProblems(field, chosen, menus.get(line.item_id) ?? []);
    if (broken.length === 0) continue;
    if (shape.length === 0 && ctx.queued?.offlineClass === 'fact') {
      for (const problem of broken) warn(ctx, { code: 'MODIFIER_RULES', itemId: line.item_id, problem });
    } else problems.push(...broken);
  }
}

export async function checkOrder(db: Db, ctx: OperationContext, request: OrderCheckRequest): Promise<OrderCheckResult> {
  const lines = request.lines ?? [];
  const payments = request.payments ?? [];
  const discountIds = [
    ...lines.map((line) => line.discount_id),
    ...(request.discounts ?? []).map((discount) => discount.discount_id),
    ...payments.map((payment) => payment.discount_id),
  ].filter(given);
  const settlements = (request.settlements ?? []).filter((entry) => given(entry.id));
  const [found, states] = await Promise.all([
    findOrderReferences(db, ctx, {
      points: request.header || lines.length > 0 ? [request.pointId] : [],
      workplaces: request.header ? [request.header.workplaceId] : [],
      clients: [request.clientId].filter(given),
      items: lines.map((line) => line.item_id),
      warehouses: lines.map((line) => line.warehouse_id).filter(given),
      paymentMethods: payments.map((payment) => payment.payment_type_id),
      discounts: discountIds,
      taxes: (request.taxes ?? []).map((tax) => tax.tax_id),
      paymentDevices: payments.map((payment) => payment.payment_device_id).filter(given),
      businessWarehouse: lines.some((line) => !given(line.warehouse_id)),
    }),
    settlementStates(
      db,
      ctx,
      settlements.map((entry) => entry.id),
      true,
    ),
  ]);
  const problems: string[] = [];
  const pointKnown = found.points.has(request.pointId);
  if (request.header) {
    if (!pointKnown) problems.push('automated_point_id must be an existing point');
    const workplacePoint = found.workplaces.get(request.header.workplaceId);
    if (workplacePoint === undefined) problems.push('workplace_id must be an existing workplace');
    else if (pointKnown && workplacePoint !== request.pointId)
      problems.push('workplace_id must be a workplace of automated_point_id');
  }
  if (given(request.clientId) && !found.clients.has(request.clientId)) problems.push('client_id must be an existing client');

  const defaultWarehouse = found.points.get(request.pointId) ?? null;
  const linesWithoutStock = lines.map(() => false);
  const lineWarehouses = lines.map((line, index) => {
    const field = `items.${index}`;
    const entry = found.items.get(line.item_id);
    if (entry?.deleted && acceptsDeletedReferences(ctx)) {
      // A queued sale of an item deleted meanwhile happened all the same (docs/sync.md, "Facts and warnings").
      warn(ctx, { code: 'DELETED_REFERENCE', table: 'items', id: line.item_id });
    } else if (!entry || (entry.deleted && !request.knownItems?.has(line.item_id))) {
      problems.push(`${field}.item_id must be an existing item or modifier`);
    }
    if (given(line.discount_id) && !found.discounts.has(line.discount_id))
      problems.push(`${field}.discount_id must be an existing discount`);
    if (given(line.warehouse_id)) {
      if (!found.warehouses.has(line.warehouse_id)) problems.push(`${field}.warehouse_id must be an existing warehouse`);
      return line.warehouse_id;
    }
    if (entry?.service) return null;
    // The line's own (above), the order's for that item, the point's default, the business's (issue 13 §1.1):
    // never a 400 for a body the reference accepts. Only a business with no warehouse at all sells without stock.
    const warehouse = request.knownWarehouses?.get(line.item_id) ?? defaultWarehouse ?? found.businessWarehouse;
    if (warehouse === null && entry) linesWithoutStock[index] = true;
    return warehouse;
  });
  (request.discounts ?? []).forEach((discount, index) => {
    if (given(discount.discount_id) && !found.discounts.has(discount.discount_id)) {
      problems.push(`discounts.${index}.discount_id must be an existing discount`);
    }
  });
  (request.taxes ?? []).forEach((tax, index) => {
    if (!found.taxes.has(tax.tax_id)) problems.push(`taxes.${index}.tax_id must be an existing tax or fee`);
  });
  const debtPayments = payments.map((payment, index) => {
    const kind = found.paymentMethods.get(payment.payment_type_id);
    if (kind === undefined) problems.push(`payments.${index}.payment_type_id must be an existing payment method`);
    if (given(payment.payment_device_id) && !found.paymentDevices.has(payment.payment_device_id)) {
      problems.push(`payments.${index}.payment_device_id must be an existing payment device`);
    }
    if (given(payment.discount_id) && !found.discounts.has(payment.discount_id)) {
      problems.push(`payments.${index}.discount_id must be an existing discount`);
    }
    return kind === 'DEBT';
  });
  for (const entry of settlements) {
    if (!states.has(entry.id as string)) problems.push(`${entry.field} must be an existing settlement`);
  }
  await checkLineModifiers(db, ctx, request.pointId, lines, problems);
  if (problems.length > 0) throw badRequest(problems);
  const closed = settlements.find((entry) => states.get(entry.id as string) === true);
  if (closed && ctx.queued?.offlineClass === 'fact') {
    // Rung up at a till while the shift was open there; it was closed meanwhile. The sale happened.
    for (const entry of settlements) {
      if (states.get(entry.id as string) === true) warn(ctx, { code: 'SHIFT_CLOSED', settlementId: entry.id as string });
    }
  } else if (closed) throw conflict(`Settlement ${closed.id} is closed: ${closed.field} must name an open settlement`);
  return { lineWarehouses, linesWithoutStock, debtPayments };
}
