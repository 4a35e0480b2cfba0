/** Messages of the sign-in security page (console/pages/security): the second password asked at sign-in. */
export const securityEn = {
  'page.security': 'Sign-in security',
  'security.intro':
    'With a second password, signing in to the console takes your password and then a second one that you keep apart from it (on paper, in another password manager). Someone who learns your password alone cannot sign in. Cashiers are not affected: they sign in at the till with their PIN.',
  'security.stateOn': 'The second password is ON: signing in asks for it.',
  'security.stateOff': 'The second password is OFF: your password alone signs you in.',
  'security.turnOnTitle': 'Turn on the second password',
  'security.changeTitle': 'Change the second password',
  'security.turnOffTitle': 'Turn off the second password',
  'security.turnOffHint': 'Forgot the second password? While you are signed in, turn it off here with your password, then set a new one.',
  'security.second': 'Second password (at least 4 characters, not your password)',
  'security.repeat': 'Repeat the second password',
  'security.current': 'Your password (to confirm it is you)',
  'security.turnOn': 'Turn on',
  'security.change': 'Change',
  'security.turnOff': 'Turn off',
  'security.turnedOn': 'Turned on. The next sign-in asks for the second password.',
  'security.changed': 'Changed. The next sign-in asks for the new second password.',
  'security.turnedOff': 'Turned off. Your password alone signs you in.',
  'security.mismatch': 'the two entries differ',
  'problem.currentPasswordWrong': 'is not your password',
  'problem.sameAsPassword': 'must differ from your password',
} as const;

export type SecurityMessages = Record<keyof typeof securityEn, string>;

export const securityRu: SecurityMessages = {
  'page.security': 'Безопасность входа',
  'security.intro':
    'С вторым паролем для входа в консоль нужен ваш пароль и затем второй, который вы храните отдельно от него (на бумаге, в другом менеджере паролей). Тот, кто узнал только ваш пароль, не войдёт. Кассиров это не касается: они входят на кассе по PIN-коду.',
  'security.stateOn': 'Второй пароль ВКЛЮЧЁН: при входе он спрашивается.',
  'security.stateOff': 'Второй пароль ВЫКЛЮЧЕН: для входа достаточно пароля.',
  'security.turnOnTitle': 'Включить второй пароль',
  'security.changeTitle': 'Сменить второй пароль',
  'security.turnOffTitle': 'Выключить второй пароль',
  'security.turnOffHint': 'Забыли второй пароль? Пока вы в консоли, выключите его здесь своим паролем и задайте новый.',
  'security.second': 'Второй пароль (не короче 4 символов, не ваш пароль)',
  'security.repeat': 'Повторите второй пароль',
  'security.current': 'Ваш пароль (подтвердить, что это вы)',
  'security.turnOn': 'Включить',
  'security.change': 'Сменить',
  'security.turnOff': 'Выключить',
  'security.turnedOn': 'Включено. При следующем входе будет спрошен второй пароль.',
  'security.changed': 'Изменено. При следующем входе будет спрошен новый второй пароль.',
  'security.turnedOff': 'Выключено. Для входа достаточно пароля.',
  'security.mismatch': 'два ввода не совпадают',
  'problem.currentPasswordWrong': 'не ваш пароль',
  'problem.sameAsPassword': 'должен отличаться от вашего пароля',
};

export const securityUz: SecurityMessages = {
  'page.security': 'Kirish xavfsizligi',
  'security.intro':
    'Ikkinchi parol yoqilganda konsolga kirish uchun parolingiz va undan alohida saqlanadigan ikkinchi parol (qog‘ozda, boshqa parol menejerida) kerak bo‘ladi. Faqat parolingizni bilgan odam kira olmaydi. Kassirlarga ta’sir qilmaydi: ular kassada PIN-kod bilan kiradi.',
  'security.stateOn': 'Ikkinchi parol YOQILGAN: kirishda so‘raladi.',
  'security.stateOff': 'Ikkinchi parol O‘CHIRILGAN: kirish uchun parolning o‘zi yetarli.',
  'security.turnOnTitle': 'Ikkinchi parolni yoqish',
  'security.changeTitle': 'Ikkinchi parolni almashtirish',
  'security.turnOffTitle': 'Ikkinchi parolni o‘chirish',
  'security.turnOffHint': 'Ikkinchi parolni unutdingizmi? Konsolda ekansiz, uni shu yerda parolingiz bilan o‘chiring va yangisini o‘rnating.',
  'security.second': 'Ikkinchi parol (kamida 4 ta belgi, parolingiz emas)',
  'security.repeat': 'Ikkinchi parolni takrorlang',
  'security.current': 'Parolingiz (siz ekanligingizni tasdiqlash uchun)',
  'security.turnOn': 'Yoqish',
  'security.change': 'Almashtirish',
  'security.turnOff': 'O‘chirish',
  'security.turnedOn': 'Yoqildi. Keyingi kirishda ikkinchi parol so‘raladi.',
  'security.changed': 'Almashtirildi. Keyingi kirishda yangi ikkinchi parol so‘raladi.',
  'security.turnedOff': 'O‘chirildi. Kirish uchun parolning o‘zi yetarli.',
  'security.mismatch': 'ikki kiritilgan qiymat bir xil emas',
  'problem.currentPasswordWrong': 'parolingiz emas',
  'problem.sameAsPassword': 'parolingizdan farq qilishi kerak',
};
