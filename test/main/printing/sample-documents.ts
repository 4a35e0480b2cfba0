/** Documents the printing tests lay out: one of each kind, with the Uzbek and Russian text that trips code pages. */
import type { CreditSlipData, RefundReceiptData, SaleReceiptData, ShiftReportData, ZReportData } from '../../../main/printing/document-data.js';
import type { ReceiptLanguage } from '../../../main/printing/receipt-labels.js';

const heading = { business: 'Oʻzbekiston Savdo MChJ', point: 'Chilonzor filiali', till: 'Kassa 2', cashier: 'Gʻulom Qodirov' };

export function sampleSale(overrides: Partial<SaleReceiptData> = {}): SaleReceiptData {
  return {
    language: 'uz',
    heading,
    orderId: '0193f1c2-7a4b-7c3d-8e5f-123456789abc',
    orderNumber: '000123',
    soldAt: '2026-11-25T14:05:09+05:00',
    lines: [
      { name: 'Non “Samarqand”', quantity: '2', unitPrice: '4500', total: '9000' },
      {
        name: 'Кофе капучино',
        quantity: '1',
        unitPrice: '18000',
        total: '21000',
        modifiers: [{ name: 'Қаймоқ', amount: '3000' }, { name: 'Без сахара' }],
      },
      { name: 'Olma (kg)', quantity: '1.375', unitPrice: '12000', total: '16500', discount: '0' },
    ],
    subtotal: '46500',
    discounts: [{ name: 'Doimiy mijoz', amount: '1500' }],
    taxes: [{ name: 'QQS 12%', amount: '4821.43' }],
    total: '45000',
    payments: [
      { name: 'Naqd', kind: 'CASH', amount: '50000' },
    ],
    change: '5000',
    ...overrides,
  };
}

export function sampleRefund(language: ReceiptLanguage = 'ru'): RefundReceiptData {
  return {
    language,
    heading,
    refundId: '0193f1c2-7a4b-7c3d-8e5f-0000000000aa',
    refundNumber: '000124',
    originalOrderNumber: '000123',
    refundedAt: '2026-11-25T15:00:00+05:00',
    lines: [{ name: 'Кофе капучино', quantity: '1', unitPrice: '18000', total: '18000' }],
    taxes: [{ name: 'НДС 12%', amount: '1928.57' }],
    total: '18000',
    payments: [{ name: 'Наличные', kind: 'CASH', amount: '18000' }],
  };
}

export function sampleShift(language: ReceiptLanguage = 'ru'): ShiftReportData {
  return {
    language,
    heading,
    shiftNumber: '42',
    openedAt: '2026-11-25T08:00:00+05:00',
    printedAt: '2026-11-25T13:00:00+05:00',
    salesCount: 57,
    salesTotal: '3250000',
    refundsCount: 1,
    refundsTotal: '18000',
    discountsTotal: '41500',
    taxes: [{ name: 'НДС 12%', amount: '346285.71' }],
    byPaymentMethod: [
      { name: 'Наличные', kind: 'CASH', sales: '1250000', refunds: '18000' },
      { name: 'Uzcard', kind: 'CARD', sales: '1800000', refunds: '0' },
      { name: 'Долг', kind: 'DEBT', sales: '200000', refunds: '0' },
    ],
    expectedCash: '1732000',
  };
}

export function sampleZReport(countedCash: string, language: ReceiptLanguage = 'en'): ZReportData {
  return { ...sampleShift(language), closedAt: '2026-11-25T21:00:00+05:00', countedCash };
}

export function sampleCreditSlip(): CreditSlipData {
  return {
    language: 'en',
    heading,
    orderId: '0193f1c2-7a4b-7c3d-8e5f-123456789abc',
    orderNumber: '000123',
    soldAt: '2026-11-25T14:05:09+05:00',
    clientName: 'Alisher Navoiy',
    clientPhone: '+998 90 123 45 67',
    amountOnAccount: '200000',
    balanceAfter: '350000',
    signatureId: 'sig-7f3a',
  };
}
