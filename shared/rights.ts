/**
 * The rights a role grants (issue 28 §2, docs/api.md "Rights"). A role's `access_resources` is a list of names: the
 * reference stores it as free text and never enforces it; Kassa enforces the names below and keeps, but ignores,
 * every other name (reference clients send free text, so an unknown name is never an error).
 *
 * What every cashier may do without any right (the baseline): sell at their own point, take payments, record client
 * debts in their own name, and open and close their own shift. Everything else a cashier or till does needs the right
 * its catalogue entry names. Owners and admins hold every right. `MANAGER` holds every right too — a shop's manager
 * approves at the till with their PIN what a cashier's role does not grant (the approval runs the one operation as
 * the manager, so the service checks the manager's rights, and the audit names them).
 *
 * Structure (points, workplaces, warehouses), staff and roles are not rights: owners and admins only.
 */

export const RIGHTS = [
  /** Refund a sale, void a refund, delete (cancel) a sale. */
  'REFUNDS',
  /** Create and change the business's discounts (a discount above the limit on a sale still needs a manager's PIN). */
  'DISCOUNTS',
  /** Put cash into or take it out of a shift's drawer outside a sale. */
  'CASH_MOVES',
  /** Open, change or close the shift of another till (a shift records its till, not who opened it). */
  'OTHERS_SHIFTS',
  /** Goods receipts, write-offs, inventories, movements between warehouses, stock levels, suppliers. */
  'STOCK',
  /** Clients and their debt accounts, and debt transactions in another employee's name. */
  'CLIENT_DEBTS',
  /** Items, item groups, units, prices and taxes. */
  'CATALOGUE',
  /** Modifiers and modifier groups. */
  'MODIFIERS',
  /** The business's payment methods and payment devices. */
  'PAYMENT_METHODS',
  /** Printers and the business's settings (base config). */
  'SETTINGS',
  /** Every right above, and approving at the till with a PIN what a cashier may not do alone. */
  'MANAGER',
] as const;

export type Right = (typeof RIGHTS)[number];

const KNOWN: ReadonlySet<string> = new Set(RIGHTS);

export function isRight(name: string): name is Right {
  return KNOWN.has(name);
}

/**
 * The rights a stored `access_resources` grants: the known names in it, unknown ones ignored. Accepts the list, or
 * its JSON text as a database row holds it; anything unreadable grants nothing.
 */
export function rightsOf(accessResources: unknown): ReadonlySet<Right> {
  let list: unknown = accessResources;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return new Set();
    }
  }
  if (!Array.isArray(list)) return new Set();
  return new Set(list.filter((name): name is Right => typeof name === 'string' && isRight(name)));
}

/** Does a role with these rights hold `right`? `MANAGER` holds every right. */
export function grants(rights: ReadonlySet<Right>, right: Right): boolean {
  return rights.has(right) || rights.has('MANAGER');
}
