/**
 * Messages for the till's sync states (issue 14, items 1, 5, 6, 8): the five kinds of sync failure with when each
 * began, the till disconnected by the owner with its unsent operations, enrolling again, sign-out with operations
 * waiting, and a tab left from an earlier run. English is the source; ru and uz are typed by its keys, so a missing
 * or extra key is a compile error (renderer/i18n/catalogues.test.ts checks placeholders).
 */
export const syncStatesEn = {
  'syncStates.noNetwork': 'No network: the service cannot be reached (since {time})',
  'syncStates.notAnswering': 'The service is not answering (since {time})',
  'syncStates.credentialRefused': 'Disconnected by the owner (since {time})',
  'syncStates.unknownToService': 'Not known to the service after its restore (since {time})',
  'syncStates.busy': 'The service is busy: sending again shortly, nothing is lost (since {time})',
  'syncStates.redownloading': 'Downloading this till’s data again ({done} of {total} rows): it was offline longer than the service keeps its changes. Sales waiting to be sent are kept and sent once.',
  'syncStates.serviceError': 'Service error {status} (since {time})',

  'syncStates.disconnectedTitle': 'This till was disconnected by the owner',
  'syncStates.disconnectedIntro':
    'The owner revoked this till’s connection or deleted its workplace. Until it is connected again it takes no new sales or changes; everything can still be looked at.',
  'syncStates.unknownTitle': 'The service no longer knows this till',
  'syncStates.unknownIntro':
    'The service was restored from a backup taken before this till was connected. Until it is connected again with a new code it takes no new sales; everything it sold is kept here and sent once it is.',
  'syncStates.unsentKept': 'Nothing was lost: {count} operations were not sent and are kept on this till.',
  'syncStates.noneUnsent': 'Every operation had been sent: nothing is waiting.',
  'syncStates.unsentTitle': 'Not sent ({count})',
  'syncStates.colWhen': 'When',
  'syncStates.colOperation': 'Operation',
  'syncStates.colState': 'State',
  'syncStates.stateSent': 'sent, not confirmed',
  'syncStates.statePending': 'not sent',
  'syncStates.export': 'Save to a file for support',
  'syncStates.reconnect': 'Connect again with a new code',

  'syncStates.reconnectTitle': 'Connect this till again',
  'syncStates.reconnectIntro':
    'Ask the owner for a new code of this business. The operations kept on this till are sent, once each, as soon as it is connected.',
  'syncStates.otherBusiness':
    'This code is for another business. This till’s unsent operations can only go to their own business: use a code of that business. Nothing was changed.',

  'syncStates.signOutWaiting': '{count} operations wait to be sent. They stay with this till and are sent after sign-out too.',
  'syncStates.waitingAtLogin': '{count} operations of this till wait to be sent.',

  'connection.staleSecret': 'This page belongs to an earlier run of the terminal. Open the address printed in the console by npm start.',
} as const;

type Keys = Record<keyof typeof syncStatesEn, string>;

export const syncStatesRu: Keys = {
  'syncStates.noNetwork': 'Нет сети: сервис недоступен (с {time})',
  'syncStates.notAnswering': 'Сервис не отвечает (с {time})',
  'syncStates.credentialRefused': 'Отключена владельцем (с {time})',
  'syncStates.unknownToService': 'Сервис не знает кассу после восстановления (с {time})',
  'syncStates.busy': 'Сервис занят: отправка повторится скоро, ничего не потеряно (с {time})',
  'syncStates.redownloading': 'Данные кассы загружаются заново ({done} из {total} строк): она была офлайн дольше, чем сервис хранит изменения. Неотправленные продажи сохранены и будут отправлены один раз.',
  'syncStates.serviceError': 'Ошибка сервиса {status} (с {time})',

  'syncStates.disconnectedTitle': 'Эта касса отключена владельцем',
  'syncStates.disconnectedIntro':
    'Владелец отозвал подключение этой кассы или удалил её рабочее место. Пока её не подключат снова, она не принимает новых продаж и изменений; смотреть всё можно.',
  'syncStates.unknownTitle': 'Сервис больше не знает эту кассу',
  'syncStates.unknownIntro':
    'Сервис восстановлен из резервной копии, сделанной до подключения этой кассы. Пока её не подключат снова по новому коду, она не принимает новых продаж; всё, что она продала, хранится здесь и будет отправлено после подключения.',
  'syncStates.unsentKept': 'Ничего не потеряно: неотправленные операции ({count}) хранятся на этой кассе.',
  'syncStates.noneUnsent': 'Все операции были отправлены: ничего не ждёт.',
  'syncStates.unsentTitle': 'Не отправлено ({count})',
  'syncStates.colWhen': 'Когда',
  'syncStates.colOperation': 'Операция',
  'syncStates.colState': 'Состояние',
  'syncStates.stateSent': 'отправлена, не подтверждена',
  'syncStates.statePending': 'не отправлена',
  'syncStates.export': 'Сохранить в файл для поддержки',
  'syncStates.reconnect': 'Подключить снова по новому коду',

  'syncStates.reconnectTitle': 'Подключить эту кассу снова',
  'syncStates.reconnectIntro':
    'Попросите у владельца новый код этого бизнеса. Операции, сохранённые на кассе, будут отправлены — каждая один раз — сразу после подключения.',
  'syncStates.otherBusiness':
    'Этот код — другого бизнеса. Неотправленные операции этой кассы можно передать только их бизнесу: используйте код этого бизнеса. Ничего не изменено.',

  'syncStates.signOutWaiting': 'Ждут отправки: {count}. Они остаются на этой кассе и будут отправлены и после выхода.',
  'syncStates.waitingAtLogin': 'Операций этой кассы ждут отправки: {count}.',

  'connection.staleSecret': 'Эта страница — от прошлого запуска терминала. Откройте адрес, который npm start вывела в консоль.',
};

export const syncStatesUz: Keys = {
  'syncStates.noNetwork': 'Tarmoq yo‘q: xizmatga ulanib bo‘lmayapti ({time} dan beri)',
  'syncStates.notAnswering': 'Xizmat javob bermayapti ({time} dan beri)',
  'syncStates.credentialRefused': 'Egasi tomonidan uzilgan ({time} dan beri)',
  'syncStates.unknownToService': 'Tiklangandan keyin xizmat kassani tanimaydi ({time} dan beri)',
  'syncStates.busy': 'Xizmat band: tez orada qayta yuboriladi, hech narsa yo‘qolmaydi ({time} dan beri)',
  'syncStates.redownloading': 'Kassa maʼlumotlari qaytadan yuklanmoqda ({done} / {total} qator): u xizmat oʻzgarishlarni saqlaydigan muddatdan uzoqroq oflayn boʻlgan. Yuborilmagan savdolar saqlanadi va bir marta yuboriladi.',
  'syncStates.serviceError': 'Xizmat xatosi {status} ({time} dan beri)',

  'syncStates.disconnectedTitle': 'Bu kassa egasi tomonidan uzib qo‘yilgan',
  'syncStates.disconnectedIntro':
    'Egasi bu kassaning ulanishini bekor qildi yoki uning ish joyini o‘chirdi. Qayta ulanmaguncha kassa yangi savdo va o‘zgarishlarni qabul qilmaydi; hammasini ko‘rish mumkin.',
  'syncStates.unknownTitle': 'Xizmat bu kassani endi tanimaydi',
  'syncStates.unknownIntro':
    'Xizmat bu kassa ulanishidan oldin olingan zaxira nusxadan tiklandi. Yangi kod bilan qayta ulanmaguncha kassa yangi savdo qabul qilmaydi; sotgan hamma narsasi shu yerda saqlanadi va ulangandan keyin yuboriladi.',
  'syncStates.unsentKept': 'Hech narsa yo‘qolmadi: {count} ta amal yuborilmagan va shu kassada saqlanmoqda.',
  'syncStates.noneUnsent': 'Barcha amallar yuborilgan edi: hech narsa kutmayapti.',
  'syncStates.unsentTitle': 'Yuborilmagan ({count})',
  'syncStates.colWhen': 'Qachon',
  'syncStates.colOperation': 'Amal',
  'syncStates.colState': 'Holati',
  'syncStates.stateSent': 'yuborilgan, tasdiqlanmagan',
  'syncStates.statePending': 'yuborilmagan',
  'syncStates.export': 'Yordam xizmati uchun faylga saqlash',
  'syncStates.reconnect': 'Yangi kod bilan qayta ulash',

  'syncStates.reconnectTitle': 'Bu kassani qayta ulash',
  'syncStates.reconnectIntro':
    'Egasidan shu biznesning yangi kodini so‘rang. Kassada saqlangan amallar ulangan zahoti yuboriladi — har biri bir marta.',
  'syncStates.otherBusiness':
    'Bu kod boshqa biznesga tegishli. Bu kassaning yuborilmagan amallari faqat o‘z biznesiga yuborilishi mumkin: o‘sha biznesning kodidan foydalaning. Hech narsa o‘zgartirilmadi.',

  'syncStates.signOutWaiting': '{count} ta amal yuborilishini kutmoqda. Ular shu kassada qoladi va chiqqandan keyin ham yuboriladi.',
  'syncStates.waitingAtLogin': 'Bu kassaning {count} ta amali yuborilishini kutmoqda.',

  'connection.staleSecret': 'Bu sahifa terminalning oldingi ishga tushirilishiga tegishli. Konsolda npm start chiqargan manzilni oching.',
};
