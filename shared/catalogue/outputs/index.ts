/**
 * Every catalogue operation's output schema, by operationId: what the service and the terminal core answer, in
 * wire form. The renderer's bridge is typed from these (`OperationOutput`), and in tests every handler's result
 * is checked against its schema (test/setup/output-check.ts), so the whole suite proves them. The map must name
 * every operation of the catalogue and nothing else: the checks below fail to compile otherwise.
 */
import type { z } from 'zod';
import type { OperationId } from '../index.js';
import { adminOutputs, authOutputs } from './auth.js';
import { aiChatOutputs } from './ai-chat.js';
import { baseConfigOutputs } from './base-config.js';
import { businessOutputs } from './business.js';
import { clientDebtOutputs } from './client-debt.js';
import { clientOutputs } from './client.js';
import { employeeRoleOutputs } from './employee-role.js';
import { employeeOutputs } from './employee.js';
import { financeOutputs } from './finance.js';
import { inventoryOutputs } from './inventory.js';
import { itemModifierOutputs } from './item-modifier.js';
import { logOutputs } from './log.js';
import { measurementOutputs } from './measurement.js';
import { movementOutputs } from './movement.js';
import { naturalChatOutputs } from './natural-chat.js';
import { orderOutputs } from './order.js';
import { orderRefundOutputs } from './order-refund.js';
import { paymentMethodOutputs } from './payment-method.js';
import { queryOutputs } from './query.js';
import { receiptOutputs } from './receipt.js';
import { settlementOutputs } from './settlement.js';
import { settlementCashOutputs } from './settlement-cash.js';
import { stockQuantityOutputs } from './stock-quantity.js';
import { supplierOutputs } from './supplier.js';
import { syncOutputs } from './sync.js';
import { warehouseOutputs } from './warehouse.js';
import { writeOffOutputs } from './write-off.js';
import { reportOutputs } from './report.js';

export const operationOutputs = {
  ...authOutputs,
  ...adminOutputs,
  ...employeeOutputs,
  ...businessOutputs,
  ...itemModifierOutputs,
  ...financeOutputs,
  ...orderOutputs,
  ...orderRefundOutputs,
  ...logOutputs,
  ...employeeRoleOutputs,
  ...queryOutputs,
  ...measurementOutputs,
  ...paymentMethodOutputs,
  ...inventoryOutputs,
  ...receiptOutputs,
  ...writeOffOutputs,
  ...warehouseOutputs,
  ...supplierOutputs,
  ...movementOutputs,
  ...stockQuantityOutputs,
  ...baseConfigOutputs,
  ...clientOutputs,
  ...settlementOutputs,
  ...settlementCashOutputs,
  ...clientDebtOutputs,
  ...aiChatOutputs,
  ...naturalChatOutputs,
  ...syncOutputs,
  ...reportOutputs,
} as const satisfies Record<OperationId, z.ZodType>;

export type OperationOutputs = typeof operationOutputs;

/** What an operation answers, as the caller receives it (decimals as strings, instants as ISO text). */
export type OperationOutput<Id extends OperationId> = z.output<OperationOutputs[Id]>;

// An output schema for an operation the catalogue does not have is a typo: `satisfies` above catches the missing
// ones, this the extra ones (spreads escape the excess-property check).
type Unknown = Exclude<keyof OperationOutputs, OperationId>;
export const everyOutputNamesAnOperation: [Unknown] extends [never] ? true : { unknownOperations: Unknown } = true;
