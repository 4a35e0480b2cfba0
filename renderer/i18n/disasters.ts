/**
 * What the cashier is told of a disaster, in words: the service restored from an older backup (what this till sent
 * again, what could not be recovered), the till's data downloaded again and why, and a till that turns out to be a
 * copy of another one (what it still sends, that it sells no more, connecting it as a new till). English is the
 * source; ru and uz are typed by its keys, so a missing or extra key is a compile error (and
 * renderer/i18n/catalogues.test.ts checks placeholders and plurals).
 */
export const disastersEn = {
  'incidents.label': 'What went wrong at this till',
  'incidents.rewound.title': 'The service was restored from an older backup',
  'incidents.rewound.resent':
    'This till sent again {resent, plural, one {# operation} other {# operations}} that the service had lost.',
  'incidents.rewound.resending':
    'This till is sending again {resent, plural, one {# operation} other {# operations}} that the service had lost.',
  'incidents.rewound.nothingLost': 'Nothing was lost.',
  'incidents.rewound.nothingMissing': 'The service had lost nothing of this till’s: nothing had to be sent again.',
  'incidents.rewound.lost':
    '{lost, plural, one {# operation} other {# operations}} could not be recovered (they were older than this till keeps): tell the office.',
  'incidents.rewound.which': 'For the office: {seqs}',
  'incidents.other': 'Something went wrong at this till: {kind}',
  'incidents.when': 'at {time}',
  'incidents.seen': 'Seen',

  'syncStates.resending':
    '{count, plural, one {Sending again # operation the service lost} other {Sending again # operations the service lost}}',
  'syncStates.redownload.SERVICE_REWOUND':
    'Downloading this till’s data again: the service was restored from an older backup ({done} of {total} rows)',
  'syncStates.redownload.ENROLLED_AS_NEW': 'Downloading this till’s data as a new till ({done} of {total} rows)',
  'syncStates.redownload.SCOPE_CHANGED':
    'Downloading this till’s data again: its point or warehouses changed ({done} of {total} rows)',
  'syncStates.redownload.other': 'Downloading this till’s data again ({done} of {total} rows)',

  'tillCopy.title': 'This till is a copy of another till',
  'tillCopy.intro':
    'Its data was copied to another computer or folder; the service found out at {time} and told the office. So that two tills never sell as one, this copy takes no new sales or changes; everything can still be looked at.',
  'tillCopy.sending':
    '{count, plural, one {# operation it holds is still being sent} other {# operations it holds are still being sent}}, under the connection of the till it was copied from. Nothing is lost.',
  'tillCopy.allSent': 'Everything it held has been sent.',
  'tillCopy.next':
    'To sell on this computer, connect it as a new till with a new code from the owner, once everything it holds is sent.',
  'tillCopy.nextNow': 'To sell on this computer, connect it as a new till with a new code from the owner.',
  'tillCopy.connect': 'Connect as a new till',
  'tillCopy.refused': 'This till is a copy of another till: it takes no new sales or changes. Connect it as a new till.',
  'tillCopy.atLogin': 'This till is a copy of another till: it takes no new sales. Sign in to connect it as a new till.',
  'tillCopy.enrollTitle': 'Connect as a new till',
  'tillCopy.enrollIntro':
    'Ask the owner for a code for a new till. This computer then becomes a till of its own and downloads its data again; what the copy sold stays recorded under the till it was copied from.',
  'tillCopy.stillSending':
    '{count, plural, one {# operation of this till is still being sent under the connection of the till it was copied from: connect it as a new till once that operation is sent.} other {# operations of this till are still being sent under the connection of the till it was copied from: connect it as a new till once they are sent.}}',
} as const;

type Keys = Record<keyof typeof disastersEn, string>;

export const disastersRu: Keys = {
  'incidents.label': 'Что случилось на этой кассе',
  'incidents.rewound.title': 'Сервис восстановлен из старой резервной копии',
  'incidents.rewound.resent':
    'Касса заново отправила то, что сервис потерял: {resent, plural, one {# операцию} few {# операции} many {# операций} other {# операции}}.',
  'incidents.rewound.resending':
    'Касса заново отправляет то, что сервис потерял: {resent, plural, one {# операцию} few {# операции} many {# операций} other {# операции}}.',
  'incidents.rewound.nothingLost': 'Ничего не потеряно.',
  'incidents.rewound.nothingMissing': 'Сервис не потерял ничего из операций этой кассы: отправлять заново было нечего.',
  'incidents.rewound.lost':
    'Не удалось восстановить {lost, plural, one {# операцию} few {# операции} many {# операций} other {# операции}} (они старше, чем хранит касса): сообщите в офис.',
  'incidents.rewound.which': 'Для офиса: {seqs}',
  'incidents.other': 'На этой кассе что-то пошло не так: {kind}',
  'incidents.when': 'в {time}',
  'incidents.seen': 'Прочитано',

  'syncStates.resending':
    '{count, plural, one {Повторно отправляется # операция, потерянная сервисом} few {Повторно отправляются # операции, потерянные сервисом} many {Повторно отправляются # операций, потерянных сервисом} other {Повторно отправляются # операции, потерянные сервисом}}',
  'syncStates.redownload.SERVICE_REWOUND':
    'Данные кассы загружаются заново: сервис восстановлен из старой резервной копии ({done} из {total} строк)',
  'syncStates.redownload.ENROLLED_AS_NEW': 'Загружаются данные кассы, подключённой как новая ({done} из {total} строк)',
  'syncStates.redownload.SCOPE_CHANGED':
    'Данные кассы загружаются заново: изменились её точка или склады ({done} из {total} строк)',
  'syncStates.redownload.other': 'Данные кассы загружаются заново ({done} из {total} строк)',

  'tillCopy.title': 'Эта касса — копия другой кассы',
  'tillCopy.intro':
    'Её данные скопированы на другой компьютер или в другую папку; сервис обнаружил это в {time} и сообщил в офис. Чтобы две кассы не продавали как одна, копия не принимает новых продаж и изменений; смотреть всё можно.',
  'tillCopy.sending':
    '{count, plural, one {# операция с этой кассы ещё отправляется} few {# операции с этой кассы ещё отправляются} many {# операций с этой кассы ещё отправляются} other {# операции с этой кассы ещё отправляются}} — через подключение кассы, с которой её скопировали. Ничего не потеряно.',
  'tillCopy.allSent': 'Всё, что было на ней, отправлено.',
  'tillCopy.next':
    'Чтобы продавать на этом компьютере, подключите его как новую кассу по новому коду от владельца — когда всё будет отправлено.',
  'tillCopy.nextNow': 'Чтобы продавать на этом компьютере, подключите его как новую кассу по новому коду от владельца.',
  'tillCopy.connect': 'Подключить как новую кассу',
  'tillCopy.refused': 'Эта касса — копия другой кассы: она не принимает новых продаж и изменений. Подключите её как новую кассу.',
  'tillCopy.atLogin':
    'Эта касса — копия другой кассы: она не принимает новых продаж. Войдите, чтобы подключить её как новую кассу.',
  'tillCopy.enrollTitle': 'Подключить как новую кассу',
  'tillCopy.enrollIntro':
    'Попросите у владельца код для новой кассы. Этот компьютер станет отдельной кассой и заново загрузит данные; проданное на копии остаётся записанным за кассой, с которой её скопировали.',
  'tillCopy.stillSending':
    '{count, plural, one {# операция этой кассы ещё отправляется через подключение кассы, с которой её скопировали: подключите её как новую, когда операция будет отправлена.} few {# операции этой кассы ещё отправляются через подключение кассы, с которой её скопировали: подключите её как новую, когда они будут отправлены.} many {# операций этой кассы ещё отправляются через подключение кассы, с которой её скопировали: подключите её как новую, когда они будут отправлены.} other {# операции этой кассы ещё отправляются через подключение кассы, с которой её скопировали: подключите её как новую, когда они будут отправлены.}}',
};

export const disastersUz: Keys = {
  'incidents.label': 'Bu kassada nima bo‘ldi',
  'incidents.rewound.title': 'Xizmat eski zaxira nusxadan tiklandi',
  'incidents.rewound.resent': 'Kassa xizmat yo‘qotgan {resent, plural, one {# ta amalni} other {# ta amalni}} qaytadan yubordi.',
  'incidents.rewound.resending':
    'Kassa xizmat yo‘qotgan {resent, plural, one {# ta amalni} other {# ta amalni}} qaytadan yubormoqda.',
  'incidents.rewound.nothingLost': 'Hech narsa yo‘qolmadi.',
  'incidents.rewound.nothingMissing': 'Xizmat bu kassaning hech bir amalini yo‘qotmagan: qaytadan yuboriladigan narsa yo‘q edi.',
  'incidents.rewound.lost':
    '{lost, plural, one {# ta amalni} other {# ta amalni}} tiklab bo‘lmadi (ular kassa saqlaydigan muddatdan eski edi): ofisga xabar bering.',
  'incidents.rewound.which': 'Ofis uchun: {seqs}',
  'incidents.other': 'Bu kassada nimadir noto‘g‘ri ketdi: {kind}',
  'incidents.when': '{time} da',
  'incidents.seen': 'Ko‘rildi',

  'syncStates.resending':
    '{count, plural, one {Xizmat yo‘qotgan # ta amal qaytadan yuborilmoqda} other {Xizmat yo‘qotgan # ta amal qaytadan yuborilmoqda}}',
  'syncStates.redownload.SERVICE_REWOUND':
    'Kassa ma’lumotlari qaytadan yuklanmoqda: xizmat eski zaxira nusxadan tiklandi ({done} / {total} qator)',
  'syncStates.redownload.ENROLLED_AS_NEW':
    'Yangi kassa sifatida ulangan kassaning ma’lumotlari yuklanmoqda ({done} / {total} qator)',
  'syncStates.redownload.SCOPE_CHANGED':
    'Kassa ma’lumotlari qaytadan yuklanmoqda: uning savdo nuqtasi yoki omborlari o‘zgardi ({done} / {total} qator)',
  'syncStates.redownload.other': 'Kassa ma’lumotlari qaytadan yuklanmoqda ({done} / {total} qator)',

  'tillCopy.title': 'Bu kassa boshqa kassaning nusxasi',
  'tillCopy.intro':
    'Uning ma’lumotlari boshqa kompyuter yoki papkaga ko‘chirilgan; xizmat buni {time} da aniqladi va ofisga xabar berdi. Ikki kassa bitta bo‘lib sotmasligi uchun nusxa yangi savdo va o‘zgarishlarni qabul qilmaydi; hammasini ko‘rish mumkin.',
  'tillCopy.sending':
    'Undagi {count, plural, one {# ta amal} other {# ta amal}} hali yuborilmoqda — u nusxa olingan kassaning ulanishi orqali. Hech narsa yo‘qolmaydi.',
  'tillCopy.allSent': 'Undagi hamma narsa yuborildi.',
  'tillCopy.next':
    'Bu kompyuterda sotish uchun hamma narsa yuborilgach, uni egasidan olingan yangi kod bilan yangi kassa sifatida ulang.',
  'tillCopy.nextNow': 'Bu kompyuterda sotish uchun uni egasidan olingan yangi kod bilan yangi kassa sifatida ulang.',
  'tillCopy.connect': 'Yangi kassa sifatida ulash',
  'tillCopy.refused':
    'Bu kassa boshqa kassaning nusxasi: u yangi savdo va o‘zgarishlarni qabul qilmaydi. Uni yangi kassa sifatida ulang.',
  'tillCopy.atLogin':
    'Bu kassa boshqa kassaning nusxasi: u yangi savdoni qabul qilmaydi. Uni yangi kassa sifatida ulash uchun kiring.',
  'tillCopy.enrollTitle': 'Yangi kassa sifatida ulash',
  'tillCopy.enrollIntro':
    'Egasidan yangi kassa uchun kod so‘rang. Shunda bu kompyuter alohida kassaga aylanadi va ma’lumotlarini qaytadan yuklaydi; nusxada sotilganlar u nusxa olingan kassa nomidan yozilgan bo‘lib qoladi.',
  'tillCopy.stillSending':
    '{count, plural, one {Bu kassaning # ta amali hali u nusxa olingan kassaning ulanishi orqali yuborilmoqda: u yuborilgach, kassani yangi kassa sifatida ulang.} other {Bu kassaning # ta amali hali u nusxa olingan kassaning ulanishi orqali yuborilmoqda: ular yuborilgach, kassani yangi kassa sifatida ulang.}}',
};
