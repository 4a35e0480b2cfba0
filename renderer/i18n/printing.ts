/**
 * Printing's messages (issue 16): why a receipt did not print, in words a cashier acts on (switch the printer on,
 * load paper), and the print preview's labels. English is the source; ru and uz are typed by its keys, and
 * renderer/i18n/catalogues.test.ts checks the placeholders. `{printer}` is the printer's name as the owner set it.
 */
export const printingEn = {
  'printing.printed': 'Printed.',
  'printing.problem.no-printer': 'No receipt printer is set up for this point. The sale is saved.',
  'printing.problem.unreachable': 'Printer “{printer}” does not answer: check that it is on and connected, then reprint. The sale is saved.',
  'printing.problem.timed-out': 'Printer “{printer}” took too long: check it, then reprint. The sale is saved.',
  'printing.problem.refused': 'Printer “{printer}” stopped in the middle of the job: check it, then reprint. The sale is saved.',
  'printing.problem.out-of-paper': 'Printer “{printer}” is out of paper: load a new roll, then reprint. The sale is saved.',
  'printing.problem.not-found': 'This document is not on this till yet, so it cannot be printed.',
  'printing.problem.not-signed-in': 'Sign in with your PIN to print.',
  'printing.problem.bad-document': 'This document could not be laid out for printing. The sale is saved.',
  'printing.problem.nothing-to-reprint': 'Nothing has been printed yet, so there is nothing to reprint.',
  'printing.problem.no-connection': 'The till did not answer the print request. The sale is saved: print it again from the list of sales.',
  'printing.reprint': 'Reprint',
  'printing.print': 'Print',
  'printing.preview.title': 'Print preview',
  'printing.preview.loading': 'Laying out…',
  'printing.preview.empty': 'Nothing to show.',
  'printing.preview.close': 'Close',
};

type Keys = Record<keyof typeof printingEn, string>;

export const printingRu: Keys = {
  'printing.printed': 'Напечатано.',
  'printing.problem.no-printer': 'Для этой точки не настроен принтер чеков. Продажа сохранена.',
  'printing.problem.unreachable': 'Принтер «{printer}» не отвечает: проверьте, что он включён и подключён, и напечатайте снова. Продажа сохранена.',
  'printing.problem.timed-out': 'Принтер «{printer}» отвечает слишком долго: проверьте его и напечатайте снова. Продажа сохранена.',
  'printing.problem.refused': 'Принтер «{printer}» прервал печать: проверьте его и напечатайте снова. Продажа сохранена.',
  'printing.problem.out-of-paper': 'В принтере «{printer}» закончилась бумага: вставьте новый рулон и напечатайте снова. Продажа сохранена.',
  'printing.problem.not-found': 'Этого документа ещё нет на этой кассе, напечатать его нельзя.',
  'printing.problem.not-signed-in': 'Войдите по PIN-коду, чтобы печатать.',
  'printing.problem.bad-document': 'Этот документ не удалось подготовить к печати. Продажа сохранена.',
  'printing.problem.nothing-to-reprint': 'Ещё ничего не печаталось — повторять нечего.',
  'printing.problem.no-connection': 'Касса не ответила на запрос печати. Продажа сохранена: напечатайте чек снова из списка продаж.',
  'printing.reprint': 'Печатать снова',
  'printing.print': 'Печать',
  'printing.preview.title': 'Предпросмотр печати',
  'printing.preview.loading': 'Готовим…',
  'printing.preview.empty': 'Нечего показать.',
  'printing.preview.close': 'Закрыть',
};

export const printingUz: Keys = {
  'printing.printed': 'Chop etildi.',
  'printing.problem.no-printer': 'Bu savdo nuqtasi uchun chek printeri sozlanmagan. Sotuv saqlandi.',
  'printing.problem.unreachable': '“{printer}” printeri javob bermayapti: yoqilgan va ulanganini tekshiring, keyin qayta chop eting. Sotuv saqlandi.',
  'printing.problem.timed-out': '“{printer}” printeri juda uzoq javob bermadi: tekshiring, keyin qayta chop eting. Sotuv saqlandi.',
  'printing.problem.refused': '“{printer}” printeri chop etishni yarmida to‘xtatdi: tekshiring, keyin qayta chop eting. Sotuv saqlandi.',
  'printing.problem.out-of-paper': '“{printer}” printerida qog‘oz tugadi: yangi rulon qo‘ying, keyin qayta chop eting. Sotuv saqlandi.',
  'printing.problem.not-found': 'Bu hujjat hali ushbu kassada yo‘q, uni chop etib bo‘lmaydi.',
  'printing.problem.not-signed-in': 'Chop etish uchun PIN-kod bilan kiring.',
  'printing.problem.bad-document': 'Bu hujjatni chop etishga tayyorlab bo‘lmadi. Sotuv saqlandi.',
  'printing.problem.nothing-to-reprint': 'Hali hech narsa chop etilmagan, qayta chop etadigan narsa yo‘q.',
  'printing.problem.no-connection': 'Kassa chop etish so‘roviga javob bermadi. Sotuv saqlandi: chekni sotuvlar ro‘yxatidan qayta chop eting.',
  'printing.reprint': 'Qayta chop etish',
  'printing.print': 'Chop etish',
  'printing.preview.title': 'Chop etishdan oldin ko‘rish',
  'printing.preview.loading': 'Tayyorlanmoqda…',
  'printing.preview.empty': 'Ko‘rsatadigan narsa yo‘q.',
  'printing.preview.close': 'Yopish',
};
