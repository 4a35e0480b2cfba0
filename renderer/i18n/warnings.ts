/**
 * The warnings panel's messages (screens/inbox/Warnings.tsx) in the three languages: what a sale or receipt made at
 * this till broke and was recorded anyway. English is the source; ru and uz are typed by its keys, so a missing or
 * extra key is a compile error (and renderer/i18n/catalogues.test.ts checks placeholders).
 */
export const warningsEn = {
  'warnings.title': 'Warnings',
  'warnings.intro': 'These operations were recorded, but broke a rule. Nothing was lost; check the books and dismiss each once seen.',
  'warnings.when': 'made {time}',
  'warnings.dismiss': 'Seen',
  'warnings.dismissed': 'Dismissed.',
  'warnings.operation.OrderController_create': 'Sale',
  'warnings.operation.ReceiptController_create': 'Goods receipt',
  'warnings.operation.WriteOffController_create': 'Write-off',
  'warnings.operation.MovementController_create': 'Stock movement',
  'warnings.operation.InventoryController_create': 'Stock count',
  'warnings.operation.ClientDebtController_createTransaction': 'Debt entry',
  'warnings.operation.SettlmentController_create': 'Shift',
  'warnings.operation.other': 'Operation',
  'warnings.code.STOCK_BELOW_ZERO': 'Stock of {item} in {warehouse} went below zero: {quantity}.',
  'warnings.code.DELETED_REFERENCE': '{name} had been deleted in the back office; recorded all the same.',
  'warnings.code.EMPLOYEE_INACTIVE': '{employee} is no longer on staff; recorded all the same.',
  'warnings.code.SHIFT_CLOSED': 'The shift {shift} had already been closed; recorded all the same.',
  'warnings.code.CREDIT_LIMIT_EXCEEDED': '{client} owes {balance}, over the credit limit of {limit}.',
  'warnings.code.other': 'A rule was broken: {code}.',
  'warnings.unknown': 'a record not on this till ({id})',
  'warnings.syncBar': '{count, plural, one {# warning} other {# warnings}}',
};

type Keys = Record<keyof typeof warningsEn, string>;

export const warningsRu: Keys = {
  'warnings.title': 'Предупреждения',
  'warnings.intro': 'Эти операции записаны, но нарушили правило. Ничего не потеряно; проверьте учёт и отметьте каждое, когда увидите.',
  'warnings.when': 'сделано {time}',
  'warnings.dismiss': 'Просмотрено',
  'warnings.dismissed': 'Отмечено.',
  'warnings.operation.OrderController_create': 'Продажа',
  'warnings.operation.ReceiptController_create': 'Приход товара',
  'warnings.operation.WriteOffController_create': 'Списание',
  'warnings.operation.MovementController_create': 'Перемещение',
  'warnings.operation.InventoryController_create': 'Инвентаризация',
  'warnings.operation.ClientDebtController_createTransaction': 'Запись долга',
  'warnings.operation.SettlmentController_create': 'Смена',
  'warnings.operation.other': 'Операция',
  'warnings.code.STOCK_BELOW_ZERO': 'Остаток {item} на складе {warehouse} ушёл в минус: {quantity}.',
  'warnings.code.DELETED_REFERENCE': '{name} был удалён в бэк-офисе; операция всё равно записана.',
  'warnings.code.EMPLOYEE_INACTIVE': '{employee} больше не работает; операция всё равно записана.',
  'warnings.code.SHIFT_CLOSED': 'Смена {shift} уже была закрыта; операция всё равно записана.',
  'warnings.code.CREDIT_LIMIT_EXCEEDED': '{client} должен {balance}, больше кредитного лимита {limit}.',
  'warnings.code.other': 'Нарушено правило: {code}.',
  'warnings.unknown': 'запись, которой нет на этой кассе ({id})',
  'warnings.syncBar': '{count, plural, one {# предупреждение} few {# предупреждения} many {# предупреждений} other {# предупреждения}}',
};

export const warningsUz: Keys = {
  'warnings.title': 'Ogohlantirishlar',
  'warnings.intro': 'Bu amallar yozildi, lekin qoidani buzdi. Hech narsa yo‘qolmadi; hisobni tekshiring va har birini ko‘rgach belgilang.',
  'warnings.when': '{time} da qilingan',
  'warnings.dismiss': 'Ko‘rildi',
  'warnings.dismissed': 'Belgilandi.',
  'warnings.operation.OrderController_create': 'Sotuv',
  'warnings.operation.ReceiptController_create': 'Tovar kirimi',
  'warnings.operation.WriteOffController_create': 'Hisobdan chiqarish',
  'warnings.operation.MovementController_create': 'Tovar ko‘chirish',
  'warnings.operation.InventoryController_create': 'Inventarizatsiya',
  'warnings.operation.ClientDebtController_createTransaction': 'Qarz yozuvi',
  'warnings.operation.SettlmentController_create': 'Smena',
  'warnings.operation.other': 'Amal',
  'warnings.code.STOCK_BELOW_ZERO': '{warehouse} omboridagi {item} qoldig‘i noldan pastga tushdi: {quantity}.',
  'warnings.code.DELETED_REFERENCE': '{name} bek-ofisda o‘chirilgan edi; baribir yozildi.',
  'warnings.code.EMPLOYEE_INACTIVE': '{employee} endi xodim emas; baribir yozildi.',
  'warnings.code.SHIFT_CLOSED': '{shift} smenasi allaqachon yopilgan edi; baribir yozildi.',
  'warnings.code.CREDIT_LIMIT_EXCEEDED': '{client} {balance} qarzdor, bu {limit} kredit limitidan ko‘p.',
  'warnings.code.other': 'Qoida buzildi: {code}.',
  'warnings.unknown': 'bu kassada yo‘q yozuv ({id})',
  'warnings.syncBar': '{count, plural, one {# ta ogohlantirish} other {# ta ogohlantirish}}',
};
