/**
 * The names a receipt shows for the ids an order holds (items and modifiers, payment methods, taxes, discounts,
 * points, tills, employees), read through the till's reader and kept for a while. Why a cache: the till has no
 * "item by id" read, and listing 100,000 items for every receipt would break the 50 ms budget from commit to
 * printer; names change rarely, and an id that is not in the book yet (an item created a moment ago) makes the list
 * be read again — at most once per `missRefreshMs`.
 */
import type { OperationId } from '../../shared/catalogue/index.js';
import type { PaymentMethodKind } from '../../shared/catalogue/payment-method.js';
import type { TillReader } from './till-reader.js';

export interface NamedEntry {
  readonly name: string;
  /** Items: `MODIFIER` for a modifier sold as its own line; payment methods: their kind. */
  readonly kind?: string;
}

type ListName = 'items' | 'modifiers' | 'paymentMethods' | 'taxes' | 'discounts' | 'points' | 'workplaces' | 'employees';

interface Loaded {
  readonly byId: ReadonlyMap<string, NamedEntry>;
  readonly at: number;
}

export interface NameBookOptions {
  /** How long a list is trusted; default 10 minutes (names of sold goods rarely change mid-shift). */
  readonly maxAgeMs?: number;
  /** The least time between two reads of a list caused by an unknown id; default 5 s. */
  readonly missRefreshMs?: number;
  readonly now?: () => number;
}

const OPERATIONS: Record<ListName, OperationId> = {
  items: 'ItemModifierController_findAllItems',
  modifiers: 'ItemModifierController_findAllModifiers',
  paymentMethods: 'PaymentMethodController_findAll',
  taxes: 'FinanceController_findAllTaxFees',
  discounts: 'FinanceController_findAllDiscounts',
  points: 'BusinessController_findAllPoints',
  workplaces: 'BusinessController_findAllWorkplaces',
  employees: 'EmployeeController_findAll',
};

function entryOf(list: ListName, row: Record<string, unknown>): NamedEntry {
  const name = String(row.name ?? row.full_name ?? '');
  if (list === 'paymentMethods') return { name, kind: String(row.kind ?? 'OTHER') };
  if (list === 'modifiers') return { name, kind: 'MODIFIER' };
  if (list === 'taxes') {
    const percent = row.tax_percent ?? row.fee_percent;
    return { name: typeof percent === 'string' && !name.includes('%') ? `${name} ${percent.replace(/\.?0+$/, '')}%` : name };
  }
  return { name };
}

export class NameBook {
  private readonly lists = new Map<ListName, Loaded>();
  private readonly loading = new Map<ListName, Promise<Loaded>>();
  private readonly maxAgeMs: number;
  private readonly missRefreshMs: number;
  private readonly now: () => number;

  constructor(
    private readonly reader: TillReader,
    options: NameBookOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
    this.missRefreshMs = options.missRefreshMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /** The entry for `id` in `list`, reading the list again if it is old or does not know the id (rate-limited). */
  async find(list: ListName, id: string | null | undefined): Promise<NamedEntry | undefined> {
    if (!id) return undefined;
    // A list the employee may not read, or a failing read, leaves names to their fallbacks: the receipt still prints.
    const loaded = await this.current(list).catch(() => undefined);
    const known = loaded?.byId.get(id);
    if (known || (loaded && this.now() - loaded.at < this.missRefreshMs)) return known;
    return (await this.load(list).catch(() => undefined))?.byId.get(id);
  }

  async name(list: ListName, id: string | null | undefined, fallback: string): Promise<string> {
    return (await this.find(list, id))?.name || fallback;
  }

  /** A payment method's name and kind (`OTHER` when unknown). */
  async paymentMethod(id: string): Promise<{ name: string; kind: PaymentMethodKind }> {
    const entry = await this.find('paymentMethods', id);
    const kind = entry?.kind;
    return { name: entry?.name || id, kind: kind === 'CASH' || kind === 'CARD' || kind === 'DEBT' ? kind : 'OTHER' };
  }

  /** Reads the lists a receipt needs ahead of the first sale, so the first receipt is as fast as the next. */
  async warm(): Promise<void> {
    await Promise.all((Object.keys(OPERATIONS) as ListName[]).map((list) => this.current(list).catch(() => undefined)));
  }

  private async current(list: ListName): Promise<Loaded> {
    const loaded = this.lists.get(list);
    if (loaded && this.now() - loaded.at < this.maxAgeMs) return loaded;
    return this.load(list);
  }

  private load(list: ListName): Promise<Loaded> {
    const running = this.loading.get(list);
    if (running) return running;
    const query = list === 'modifiers' ? { query: { all_points: 'true' } } : {};
    const run = this.reader
      .read(OPERATIONS[list], query)
      .then((rows) => {
        const byId = new Map<string, NamedEntry>();
        for (const row of rows as readonly Record<string, unknown>[]) byId.set(String(row.id), entryOf(list, row));
        const loaded = { byId, at: this.now() };
        this.lists.set(list, loaded);
        return loaded;
      })
      .finally(() => this.loading.delete(list));
    this.loading.set(list, run);
    return run;
  }
}
