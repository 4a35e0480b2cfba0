/**
 * Which right each of the till's screens and actions needs (issue 28 §2), in one place, against the vocabulary of
 * shared/rights.ts and the rights the service's role matrix checks on the operations behind them (goods receipts,
 * write-offs and stock levels: STOCK; modifier groups: MODIFIERS; cash in/out: CASH_MOVES; refunds and voids:
 * REFUNDS; closing another's shift: OTHERS_SHIFTS). The screens only hide or lock; the local run and the service
 * decide, and their refusal (RIGHT_MISSING) is said in words by `refusalLines`.
 */
import { grants, isRight, rightsOf, type Right } from '../../shared/rights.js';
import { asRpcError, errorLines } from '../bridge.js';
import type { MessageKey, Translate } from '../i18n/index.js';

/** The screens of the app frame that need a right, and the right. Screens not named are the baseline's. */
export const SCREEN_RIGHTS = {
  receipts: 'STOCK',
  stock: 'STOCK',
  modifierGroups: 'MODIFIERS',
} as const satisfies Readonly<Record<string, Right>>;

/** Actions inside a screen that need a right. */
export const ACTION_RIGHTS = {
  cashMove: 'CASH_MOVES',
  refund: 'REFUNDS',
  closeOthersShift: 'OTHERS_SHIFTS',
} as const satisfies Readonly<Record<string, Right>>;

/** Each right's name as the cashier reads it. */
export const RIGHT_NAMES: Readonly<Record<Right, MessageKey>> = {
  REFUNDS: 'rights.right.REFUNDS',
  DISCOUNTS: 'rights.right.DISCOUNTS',
  CASH_MOVES: 'rights.right.CASH_MOVES',
  OTHERS_SHIFTS: 'rights.right.OTHERS_SHIFTS',
  STOCK: 'rights.right.STOCK',
  CLIENT_DEBTS: 'rights.right.CLIENT_DEBTS',
  CATALOGUE: 'rights.right.CATALOGUE',
  MODIFIERS: 'rights.right.MODIFIERS',
  PAYMENT_METHODS: 'rights.right.PAYMENT_METHODS',
  SETTINGS: 'rights.right.SETTINGS',
  MANAGER: 'rights.right.MANAGER',
};

/**
 * Does the signed-in employee hold `right`? A session from a core that does not say (no `rights`) locks nothing:
 * the service still decides.
 */
export function holds(rights: readonly string[] | undefined, right: Right): boolean {
  return rights === undefined || grants(rightsOf(rights), right);
}

/**
 * A refusal's lines, a missing right or an ended override said in the cashier's language; anything else as the
 * core or service said it.
 */
export function refusalLines(error: unknown, t: Translate): string[] {
  const { code, right } = asRpcError(error);
  if (code === 'RIGHT_MISSING') return [t('rights.missing', { right: right !== undefined && isRight(right) ? t(RIGHT_NAMES[right]) : (right ?? '') })];
  if (code === 'APPROVAL_ENDED') return [t('rights.ended')];
  return errorLines(error);
}
