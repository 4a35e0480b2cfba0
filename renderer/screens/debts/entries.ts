/**
 * What a debt-history entry is, in words and in colour (issue 14, item 11). The ledger's `kind` says where an entry
 * came from; a `transaction` is a credit sale or a repayment by its sign. Colours mean one thing on every screen
 * (the `tone-*` palette in renderer/styles.css): `owed` — the client owes more (amber), `good` — money came in or the
 * client is in credit (green), `neutral` — nothing to act on. Red stays for problems.
 */
import type { OperationRecord } from '../../../shared/catalogue/wire-types.js';
import { MONEY } from '../../../shared/decimal.js';
import type { MessageKey } from '../../i18n/index.js';
import { unitsOrUndefined } from '../../lib/format.js';

export type Tone = 'owed' | 'good' | 'neutral';

export interface DebtEntryLike {
  readonly kind?: string;
  readonly debt_amount: string;
}

const KIND_LABELS: Readonly<Record<string, MessageKey>> = {
  opening: 'debts.entry.opening',
  adjustment: 'debts.entry.adjustment',
  write_off: 'debts.entry.writeOff',
};

const unitsOf = (text: string): bigint => unitsOrUndefined(text, MONEY) ?? 0n;

/** The colour of an amount by what it does to the debt: more owed, less owed, nothing. */
export function amountTone(amount: string): Tone {
  const units = unitsOf(amount);
  return units > 0n ? 'owed' : units < 0n ? 'good' : 'neutral';
}

/** The colour of a balance: owes (amber), in credit (green), settled. */
export const balanceTone = amountTone;

/** The entry's own label: credit sale, repayment, opening balance, adjustment or write-off. */
export function entryLabel(entry: DebtEntryLike): MessageKey {
  const byKind = entry.kind ? KIND_LABELS[entry.kind] : undefined;
  if (byKind) return byKind;
  return unitsOf(entry.debt_amount) < 0n ? 'debts.entry.repayment' : 'debts.entry.creditSale';
}

/** True when paying `repayment` (positive units) would take more than the client owes. */
export function isOverpayment(balance: string, repayment: bigint): boolean {
  return repayment > unitsOf(balance);
}

/** What the debt screens read of a payment method (the catalogue's record); the kind and state may be absent. */
type PaymentMethodWire = OperationRecord<'PaymentMethodController_findAll'>;
export type PaymentMethod = Pick<PaymentMethodWire, 'id' | 'name'> & Partial<Pick<PaymentMethodWire, 'kind' | 'is_deleted'>>;

/** Methods a repayment can be made by: live, taking money (not DEBT); cash first, then card, then by name. */
export function repaymentMethods(methods: readonly PaymentMethod[]): PaymentMethod[] {
  const order = (method: PaymentMethod) => (method.kind === 'CASH' ? 0 : method.kind === 'CARD' ? 1 : 2);
  return methods
    .filter((method) => !method.is_deleted && method.kind !== 'DEBT')
    .sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name));
}
