/** How a stock level looks in the list and the details: negative red, zero amber, low its own style (stock.css). */
import type { StockLevel } from './lines.js';

const CLASSES: Record<StockLevel, string> = {
  negative: 'amount negative',
  zero: 'amount zero',
  low: 'amount stock-low',
  ok: 'amount',
};

export const levelClass = (level: StockLevel): string => CLASSES[level];
