/** The operation catalogue: every operation of the interface, in the reference's order. */
import { appOperations } from './app.js';
import { authOperations } from './auth.js';
import { employeeOperations } from './employee.js';
import { businessOperations } from './business.js';
import { itemModifierOperations } from './item-modifier.js';
import { financeOperations } from './finance.js';
import { orderOperations } from './order.js';
import { orderRefundOperations } from './order-refund.js';
import { logOperations } from './log.js';
import { employeeRoleOperations } from './employee-role.js';
import { queryOperations } from './query.js';
import { measurementOperations } from './measurement.js';
import { paymentMethodOperations } from './payment-method.js';
import { inventoryOperations } from './inventory.js';
import { receiptOperations } from './receipt.js';
import { writeOffOperations } from './write-off.js';
import { warehouseOperations } from './warehouse.js';
import { supplierOperations } from './supplier.js';
import { movementOperations } from './movement.js';
import { stockQuantityOperations } from './stock-quantity.js';
import { baseConfigOperations } from './base-config.js';
import { clientOperations } from './client.js';
import { settlementOperations } from './settlement.js';
import { settlementCashOperations } from './settlement-cash.js';
import { clientDebtOperations } from './client-debt.js';
import { adminOperations } from './admin.js';
import { aiChatOperations } from './ai-chat.js';
import { naturalChatOperations } from './natural-chat.js';
import { syncOperations } from './sync.js';
import { itemImportOperations } from './item-import.js';
import { terminalHealthOperations } from './terminal-health.js';
import { reportOperations } from './report.js';

export const catalogue = [
  ...appOperations,
  ...authOperations,
  ...employeeOperations,
  ...businessOperations,
  ...itemModifierOperations,
  ...financeOperations,
  ...orderOperations,
  ...logOperations,
  ...employeeRoleOperations,
  ...queryOperations,
  ...measurementOperations,
  ...paymentMethodOperations,
  ...inventoryOperations,
  ...receiptOperations,
  ...writeOffOperations,
  ...warehouseOperations,
  ...supplierOperations,
  ...movementOperations,
  ...stockQuantityOperations,
  ...baseConfigOperations,
  ...clientOperations,
  ...settlementOperations,
  ...settlementCashOperations,
  ...clientDebtOperations,
  ...adminOperations,
  ...aiChatOperations,
  ...naturalChatOperations,
  ...syncOperations,
  ...itemImportOperations,
  ...terminalHealthOperations,
  ...orderRefundOperations,
  ...reportOperations,
] as const;
