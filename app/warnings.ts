/**
 * Warnings: the business rules a fact broke and was applied anyway (docs/sync.md, "Facts and warnings"). A sale
 * made offline that takes stock below zero, names an item the office deleted meanwhile, or was rung up by an
 * employee since removed, happened: the goods and the money changed hands, so refusing it would only lose it from
 * the books. It is applied, and what it broke is said — to the till that made it and to the back office's log.
 *
 * An operation collects them on its context (`ctx.queued.warnings`), an explicit object made by whoever runs the
 * operation (the service's push, the till's local run), so nothing is kept anywhere else.
 */
import type { OfflineClass } from '../shared/catalogue/operation.js';

/** A referenced record that is soft-deleted, by table. */
export type ReferenceKind =
  | 'items'
  | 'measurements'
  | 'warehouses'
  | 'employees'
  | 'users'
  | 'points'
  | 'suppliers'
  | 'clients'
  | 'workplaces'
  | 'payment_methods'
  | 'discounts'
  | 'taxes'
  | 'payment_devices';

/** One broken rule, with what a person needs to act on it. Quantities and amounts as decimal text. */
export type OperationWarning =
  | { readonly code: 'STOCK_BELOW_ZERO'; readonly itemId: string; readonly warehouseId: string; readonly quantity: string }
  | { readonly code: 'DELETED_REFERENCE'; readonly table: ReferenceKind; readonly id: string }
  | { readonly code: 'EMPLOYEE_INACTIVE'; readonly employeeId: string }
  | { readonly code: 'SHIFT_CLOSED'; readonly settlementId: string }
  /** A till's close of a shift closed meanwhile (by the office): applied, its count kept beside the first. */
  | { readonly code: 'SHIFT_ALREADY_CLOSED'; readonly settlementId: string }
  | { readonly code: 'CREDIT_LIMIT_EXCEEDED'; readonly clientId: string; readonly balance: string; readonly limit: string }
  /** A refund took back more of a sale's item than was left to take back (two tills refunded one sale offline). */
  | { readonly code: 'OVER_REFUND'; readonly orderId: string; readonly itemId: string; readonly quantity: string }
  /** A sale's line broke its item's modifier-group rules (changed at the office while the sale waited in a queue). */
  | { readonly code: 'MODIFIER_RULES'; readonly itemId: string; readonly problem: string }
  /**
   * A till's sale arrived with a sale number another sale of the business already holds (two terminals on one
   * workplace, a till put back to an old copy of itself): kept under `assigned`, the first free "/2", "/3"… of it.
   */
  | { readonly code: 'ORDER_NUMBER_TAKEN'; readonly orderId: string; readonly number: string; readonly assigned: string };

export type WarningCode = OperationWarning['code'];

/** The warnings of one operation run, each given once (a sale of two lines of one deleted item warns once). */
export class OperationWarnings {
  readonly #list: OperationWarning[] = [];
  readonly #seen = new Set<string>();

  add(warning: OperationWarning): void {
    const key = JSON.stringify(warning);
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.#list.push(warning);
  }

  get list(): readonly OperationWarning[] {
    return this.#list;
  }
}

/** What a queued operation (replayed by the service's push, or run at a till) carries on its context. */
export interface QueuedRun {
  /** The catalogue's offline class of the operation: facts break business rules with a warning, not a refusal. */
  readonly offlineClass: OfflineClass;
  readonly warnings: OperationWarnings;
  /** A descriptive edit's hybrid-logical-clock stamp, which orders it against other edits (app/field-versions.ts). */
  readonly editStamp?: string;
}

/**
 * The part of an operation's context (app/context.ts, `OperationContext`) these functions read; named here so
 * that the context, which holds a `QueuedRun`, and this module do not import each other.
 */
interface RunOf {
  readonly queued?: QueuedRun | undefined;
}

export function queuedRun(offlineClass: OfflineClass, editStamp?: string): QueuedRun {
  return editStamp ? { offlineClass, warnings: new OperationWarnings(), editStamp } : { offlineClass, warnings: new OperationWarnings() };
}

/**
 * Whether a soft-deleted record is still a valid reference for this operation: for a queued fact (a sale, a
 * receipt, a debt entry…), made while the record was live or by a till that had not heard of the delete yet.
 * A live REST call, and any operation that is not a fact, refuses deleted records as before.
 */
export function acceptsDeletedReferences(ctx: RunOf): boolean {
  return ctx.queued?.offlineClass === 'fact';
}

/** Says what a queued operation broke; a live REST call has no one to tell, so nothing is collected. */
export function warn(ctx: RunOf, warning: OperationWarning): void {
  ctx.queued?.warnings.add(warning);
}
