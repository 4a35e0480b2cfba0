/**
 * The X report (mid-shift, changes nothing) and the Z report (closes the shift): totals by payment method, sales,
 * refunds, discounts and taxes; the Z adds the cash the cashier counted and the difference to what was expected.
 * The difference is computed here in exact integer hundredths so paper and screen never disagree by a rounding.
 */
import { MONEY, formatMoney, parseDecimal } from '../../../shared/decimal.js';
import type { CashParts, ShiftReportData, ZReportData } from '../document-data.js';
import { centredLines, pairLines } from '../line-fitting.js';
import { UnprintableValueError, printedDeduction, printedMoney } from '../money-text.js';
import type { PrintBlock, PrintDocument } from '../print-document.js';
import { printedTime } from '../printed-time.js';
import { RECEIPT_LABELS, type ReceiptLabels } from '../receipt-labels.js';
import { amountBlocks, headingBlocks, namedAmountBlocks } from './layout-parts.js';

function moneyUnits(amount: string, field: string): bigint {
  const parsed = parseDecimal(amount, MONEY);
  if (!parsed.ok) throw new UnprintableValueError(field, amount, parsed.problem);
  return parsed.units;
}

/** Counted minus expected, signed: "+5 000" over, "-5 000" short, "0" exact. */
export function overShortText(countedCash: string, expectedCash: string): string {
  const difference = moneyUnits(countedCash, 'countedCash') - moneyUnits(expectedCash, 'expectedCash');
  const printed = printedMoney(formatMoney(difference), 'overShort');
  return difference > 0n ? `+${printed}` : printed;
}

/** How the expected cash adds up: opening, + cash sales, − cash refunds, + cash in, − cash out. */
function cashPartsBlocks(parts: CashParts, labels: ReceiptLabels, columns: number): PrintBlock[] {
  return [
    ...amountBlocks(labels.openingCash, parts.openingCash, columns, 'cashParts.openingCash'),
    ...amountBlocks(labels.cashSales, parts.cashSales, columns, 'cashParts.cashSales'),
    ...pairLines(labels.cashRefunds, printedDeduction(parts.cashRefunds, 'cashParts.cashRefunds'), columns),
    ...amountBlocks(labels.cashIn, parts.cashIn, columns, 'cashParts.cashIn'),
    ...pairLines(labels.cashOut, printedDeduction(parts.cashOut, 'cashParts.cashOut'), columns),
  ];
}

function shiftTotalsBlocks(report: ShiftReportData, labels: ReceiptLabels, columns: number): PrintBlock[] {
  return [
    ...pairLines(`${labels.sales} (${report.salesCount})`, printedMoney(report.salesTotal, 'salesTotal'), columns),
    ...pairLines(`${labels.refunds} (${report.refundsCount})`, printedDeduction(report.refundsTotal, 'refundsTotal'), columns),
    ...amountBlocks(labels.discounts, report.discountsTotal, columns, 'discountsTotal'),
    ...(report.taxes.length > 0 ? [...centredLines(labels.taxes, columns), ...namedAmountBlocks(report.taxes, columns, 'taxes')] : []),
    { kind: 'rule', style: 'single' },
    ...centredLines(labels.byPaymentMethod, columns),
    ...report.byPaymentMethod.flatMap((method, index): PrintBlock[] => {
      const field = `byPaymentMethod[${index}]`;
      const net = moneyUnits(method.sales, `${field}.sales`) - moneyUnits(method.refunds, `${field}.refunds`);
      return [
        ...pairLines(method.name, printedMoney(formatMoney(net), `${field}.net`), columns, true),
        ...pairLines(`  ${labels.sales}`, printedMoney(method.sales, `${field}.sales`), columns),
        ...pairLines(`  ${labels.refunds}`, printedDeduction(method.refunds, `${field}.refunds`), columns),
      ];
    }),
    { kind: 'rule', style: 'single' },
    ...(report.cashParts ? cashPartsBlocks(report.cashParts, labels, columns) : []),
    ...amountBlocks(labels.expectedCash, report.expectedCash, columns, 'expectedCash', true),
  ];
}

function reportHeadBlocks(report: ShiftReportData, title: string, labels: ReceiptLabels, columns: number): PrintBlock[] {
  return [
    ...headingBlocks(report.heading, title, labels, columns),
    ...pairLines(labels.shift, report.shiftNumber, columns),
    ...pairLines(`${labels.openedAt}:`, printedTime(report.openedAt, 'openedAt'), columns),
  ];
}

export function xReportDocument(report: ShiftReportData, columns: number): PrintDocument {
  const labels = RECEIPT_LABELS[report.language];
  const blocks: PrintBlock[] = [
    ...reportHeadBlocks(report, labels.xReportTitle, labels, columns),
    ...pairLines(`${labels.time}:`, printedTime(report.printedAt, 'printedAt'), columns),
    { kind: 'rule', style: 'single' },
    ...shiftTotalsBlocks(report, labels, columns),
    { kind: 'cut' },
  ];
  return { columns, blocks };
}

export function zReportDocument(report: ZReportData, columns: number): PrintDocument {
  const labels = RECEIPT_LABELS[report.language];
  const blocks: PrintBlock[] = [
    ...reportHeadBlocks(report, labels.zReportTitle, labels, columns),
    ...pairLines(`${labels.closedAt}:`, printedTime(report.closedAt, 'closedAt'), columns),
    { kind: 'rule', style: 'single' },
    ...shiftTotalsBlocks(report, labels, columns),
    ...(report.countedCash === undefined
      ? []
      : [
          ...amountBlocks(labels.countedCash, report.countedCash, columns, 'countedCash'),
          ...pairLines(labels.overShort, overShortText(report.countedCash, report.expectedCash), columns, true),
        ]),
    { kind: 'cut' },
  ];
  return { columns, blocks };
}
