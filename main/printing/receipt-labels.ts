/**
 * The words printed on receipts and reports, in the receipt's language. Why a dictionary here and not the
 * renderer's messages: printing runs in the terminal's main side, which must not depend on renderer/, and paper has
 * its own short wording (32 columns). Uzbek is written in Latin with the proper "ʻ" (U+02BB); printable-text.ts
 * turns it into "'" on paper.
 */

export type ReceiptLanguage = 'uz' | 'ru' | 'en';

export interface ReceiptLabels {
  readonly saleTitle: string;
  readonly refundTitle: string;
  readonly xReportTitle: string;
  readonly zReportTitle: string;
  readonly creditSlipTitle: string;
  readonly point: string;
  readonly till: string;
  readonly cashier: string;
  readonly order: string;
  readonly refundOfOrder: string;
  readonly time: string;
  readonly subtotal: string;
  readonly discount: string;
  readonly taxIncluded: string;
  readonly total: string;
  readonly payments: string;
  readonly change: string;
  readonly refundTotal: string;
  readonly paidBack: string;
  readonly shift: string;
  readonly openedAt: string;
  readonly closedAt: string;
  readonly sales: string;
  readonly refunds: string;
  readonly discounts: string;
  readonly taxes: string;
  readonly byPaymentMethod: string;
  readonly net: string;
  readonly openingCash: string;
  readonly cashSales: string;
  readonly cashRefunds: string;
  readonly cashIn: string;
  readonly cashOut: string;
  readonly expectedCash: string;
  readonly countedCash: string;
  readonly overShort: string;
  readonly client: string;
  readonly onAccount: string;
  readonly clientBalance: string;
  readonly signatureOnFile: string;
  readonly signatureReference: string;
  readonly signatureMissing: string;
  readonly thankYou: string;
  readonly voidTitle: string;
  readonly voidedAt: string;
  readonly voidTotal: string;
  readonly approvedBy: string;
  readonly reason: string;
}

const uz: ReceiptLabels = {
  saleTitle: 'SOTUV CHEKI',
  refundTitle: 'QAYTARISH CHEKI',
  xReportTitle: 'X-HISOBOT',
  zReportTitle: 'Z-HISOBOT',
  creditSlipTitle: 'NASIYA SAVDO',
  point: 'Savdo nuqtasi',
  till: 'Kassa',
  cashier: 'Kassir',
  order: 'Buyurtma №',
  refundOfOrder: 'Asl buyurtma №',
  time: 'Vaqt',
  subtotal: 'Oraliq jami',
  discount: 'Chegirma',
  taxIncluded: 'shu jumladan',
  total: 'JAMI',
  payments: 'Toʻlovlar',
  change: 'Qaytim',
  refundTotal: 'QAYTARILDI',
  paidBack: 'Qaytarib berildi',
  shift: 'Smena',
  openedAt: 'Ochilgan',
  closedAt: 'Yopilgan',
  sales: 'Sotuvlar',
  refunds: 'Qaytarishlar',
  discounts: 'Chegirmalar',
  taxes: 'Soliqlar',
  byPaymentMethod: 'Toʻlov usullari boʻyicha',
  net: 'sof',
  openingCash: 'Boshlangʻich naqd',
  cashSales: 'Naqd sotuv',
  cashRefunds: 'Naqd qaytarish',
  cashIn: 'Kassaga kirim',
  cashOut: 'Kassadan chiqim',
  expectedCash: 'Kutilgan naqd pul',
  countedCash: 'Sanalgan naqd pul',
  overShort: 'Ortiqcha(+)/kamomad(-)',
  client: 'Mijoz',
  onAccount: 'Nasiyaga',
  clientBalance: 'Mijoz qarzi',
  signatureOnFile: 'Mijoz imzosi saqlangan',
  signatureReference: 'Imzo',
  signatureMissing: 'Mijoz imzosi saqlanmagan',
  thankYou: 'Xaridingiz uchun rahmat!',
  voidTitle: 'BEKOR QILISH',
  voidedAt: 'Bekor qilindi',
  voidTotal: 'BEKOR QILINDI',
  approvedBy: 'Tasdiqladi',
  reason: 'Sabab',
};

const ru: ReceiptLabels = {
  saleTitle: 'КАССОВЫЙ ЧЕК',
  refundTitle: 'ЧЕК ВОЗВРАТА',
  xReportTitle: 'X-ОТЧЁТ',
  zReportTitle: 'Z-ОТЧЁТ',
  creditSlipTitle: 'ПРОДАЖА В ДОЛГ',
  point: 'Точка продаж',
  till: 'Касса',
  cashier: 'Кассир',
  order: 'Заказ №',
  refundOfOrder: 'Исходный заказ №',
  time: 'Время',
  subtotal: 'Подытог',
  discount: 'Скидка',
  taxIncluded: 'в т.ч.',
  total: 'ИТОГО',
  payments: 'Оплата',
  change: 'Сдача',
  refundTotal: 'ВОЗВРАЩЕНО',
  paidBack: 'Выплачено',
  shift: 'Смена',
  openedAt: 'Открыта',
  closedAt: 'Закрыта',
  sales: 'Продажи',
  refunds: 'Возвраты',
  discounts: 'Скидки',
  taxes: 'Налоги',
  byPaymentMethod: 'По способам оплаты',
  net: 'итого',
  openingCash: 'Наличные на начало',
  cashSales: 'Продажи наличными',
  cashRefunds: 'Возвраты наличными',
  cashIn: 'Внесение',
  cashOut: 'Изъятие',
  expectedCash: 'Ожидается наличных',
  countedCash: 'Пересчитано наличных',
  overShort: 'Излишек(+)/недостача(-)',
  client: 'Клиент',
  onAccount: 'В долг',
  clientBalance: 'Долг клиента',
  signatureOnFile: 'Подпись клиента сохранена',
  signatureReference: 'Подпись',
  signatureMissing: 'Подпись клиента не сохранена',
  thankYou: 'Спасибо за покупку!',
  voidTitle: 'АННУЛИРОВАНИЕ',
  voidedAt: 'Аннулирован',
  voidTotal: 'АННУЛИРОВАНО',
  approvedBy: 'Подтвердил',
  reason: 'Причина',
};

const en: ReceiptLabels = {
  saleTitle: 'SALE RECEIPT',
  refundTitle: 'REFUND RECEIPT',
  xReportTitle: 'X REPORT',
  zReportTitle: 'Z REPORT',
  creditSlipTitle: 'SALE ON ACCOUNT',
  point: 'Point of sale',
  till: 'Till',
  cashier: 'Cashier',
  order: 'Order #',
  refundOfOrder: 'Original order #',
  time: 'Time',
  subtotal: 'Subtotal',
  discount: 'Discount',
  taxIncluded: 'incl.',
  total: 'TOTAL',
  payments: 'Payments',
  change: 'Change',
  refundTotal: 'REFUNDED',
  paidBack: 'Paid back',
  shift: 'Shift',
  openedAt: 'Opened',
  closedAt: 'Closed',
  sales: 'Sales',
  refunds: 'Refunds',
  discounts: 'Discounts',
  taxes: 'Taxes',
  byPaymentMethod: 'By payment method',
  net: 'net',
  openingCash: 'Opening cash',
  cashSales: 'Cash sales',
  cashRefunds: 'Cash refunds',
  cashIn: 'Cash in',
  cashOut: 'Cash out',
  expectedCash: 'Expected cash',
  countedCash: 'Counted cash',
  overShort: 'Over(+)/short(-)',
  client: 'Client',
  onAccount: 'On account',
  clientBalance: 'Client owes',
  signatureOnFile: "Client's signature on file",
  signatureReference: 'Signature',
  signatureMissing: 'No client signature on file',
  thankYou: 'Thank you!',
  voidTitle: 'VOID',
  voidedAt: 'Voided',
  voidTotal: 'VOIDED',
  approvedBy: 'Approved by',
  reason: 'Reason',
};

export const RECEIPT_LABELS: Readonly<Record<ReceiptLanguage, ReceiptLabels>> = { uz, ru, en };
