/**
 * The client-debt screen's messages added for issue 14 (item 11): each history entry's own label, how a repayment
 * was paid, and the confirmation of a repayment larger than the balance. English is the source; ru and uz are typed
 * by its keys, and renderer/i18n/catalogues.test.ts checks the placeholders. Plain `{name}` placeholders (valid ICU).
 */
export const debtsEn = {
  'debts.entry.creditSale': 'Credit sale',
  'debts.entry.repayment': 'Repayment',
  'debts.entry.opening': 'Opening balance',
  'debts.entry.adjustment': 'Adjustment',
  'debts.entry.writeOff': 'Write-off',
  'debts.entry.paidBy': 'paid by {method}',
  'debts.paidBy': 'Paid by',
  'debts.paymentRequired': 'Choose how the client paid.',
  'debts.overpay.title': 'The repayment is more than the debt',
  'debts.overpay.text': 'The client owes {balance}. After a repayment of {amount} the client has {credit} in credit.',
  'debts.overpay.confirm': 'Record anyway',
  'debts.inCredit': 'In credit',
  'debts.signatureKept': 'The client’s signature is kept.',
};

type Keys = Record<keyof typeof debtsEn, string>;

export const debtsRu: Keys = {
  'debts.entry.creditSale': 'Продажа в долг',
  'debts.entry.repayment': 'Погашение',
  'debts.entry.opening': 'Начальный долг',
  'debts.entry.adjustment': 'Корректировка',
  'debts.entry.writeOff': 'Списание долга',
  'debts.entry.paidBy': 'оплата: {method}',
  'debts.paidBy': 'Способ оплаты',
  'debts.paymentRequired': 'Выберите, как клиент заплатил.',
  'debts.overpay.title': 'Погашение больше долга',
  'debts.overpay.text': 'Клиент должен {balance}. После погашения {amount} у клиента будет переплата {credit}.',
  'debts.overpay.confirm': 'Всё равно записать',
  'debts.inCredit': 'Переплата',
  'debts.signatureKept': 'Подпись клиента сохранена.',
};

export const debtsUz: Keys = {
  'debts.entry.creditSale': 'Nasiyaga sotuv',
  'debts.entry.repayment': 'Qarz to‘lovi',
  'debts.entry.opening': 'Boshlang‘ich qarz',
  'debts.entry.adjustment': 'Tuzatish',
  'debts.entry.writeOff': 'Qarzni hisobdan chiqarish',
  'debts.entry.paidBy': 'to‘lov: {method}',
  'debts.paidBy': 'To‘lov usuli',
  'debts.paymentRequired': 'Mijoz qanday to‘laganini tanlang.',
  'debts.overpay.title': 'To‘lov qarzdan ko‘p',
  'debts.overpay.text': 'Mijozning qarzi {balance}. {amount} to‘langandan keyin mijozda {credit} ortiqcha to‘lov qoladi.',
  'debts.overpay.confirm': 'Baribir yozish',
  'debts.inCredit': 'Ortiqcha to‘lov',
  'debts.signatureKept': 'Mijozning imzosi saqlangan.',
};
