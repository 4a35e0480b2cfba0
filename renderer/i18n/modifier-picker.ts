/**
 * The modifier picker's messages (screens/sale/ModifierPicker.tsx) and the cart's modifier lines, in the three
 * languages. English is the source; ru and uz are typed by its keys, so a missing or extra key is a compile error
 * (renderer/i18n/catalogues.test.ts checks placeholders and plurals).
 */
export const modifierPickerEn = {
  'modifiers.title': '{item}: modifiers',
  'modifiers.required': 'Required',
  'modifiers.rule.exactly': 'choose {count}',
  'modifiers.rule.range': 'choose {min} to {max}',
  'modifiers.rule.atLeast': 'at least {min}',
  'modifiers.rule.upTo': 'up to {max}',
  'modifiers.rule.optional': 'optional',
  'modifiers.rule.free': '{count, plural, one {# free} other {# free}}',
  'modifiers.chosen': '{chosen} chosen',
  'modifiers.short': 'Choose at least {min}',
  'modifiers.full': 'Maximum chosen',
  'modifiers.free': 'free',
  'modifiers.linePrice': '{quantity} × {price} = {total}',
  'modifiers.ok': 'Add to sale',
  'modifiers.apply': 'Apply',
  'modifiers.change': 'Change modifiers',
  'modifiers.cancel': 'Cancel',
  'modifiers.more': 'One more {name}',
  'modifiers.less': 'One less {name}',
  'modifiers.keys': '↑ ↓ move · Space choose · + − how many · Enter add · Esc cancel',
  'modifiers.waiting': '{count, plural, one {# more scanned item waits for its modifiers} other {# more scanned items wait for their modifiers}}',
};

type Keys = Record<keyof typeof modifierPickerEn, string>;

export const modifierPickerRu: Keys = {
  'modifiers.title': '{item}: модификаторы',
  'modifiers.required': 'Обязательно',
  'modifiers.rule.exactly': 'выберите {count}',
  'modifiers.rule.range': 'выберите от {min} до {max}',
  'modifiers.rule.atLeast': 'не меньше {min}',
  'modifiers.rule.upTo': 'до {max}',
  'modifiers.rule.optional': 'по желанию',
  'modifiers.rule.free': '{count, plural, one {# бесплатно} few {# бесплатно} many {# бесплатно} other {# бесплатно}}',
  'modifiers.chosen': 'выбрано: {chosen}',
  'modifiers.short': 'Выберите не меньше {min}',
  'modifiers.full': 'Выбрано максимальное количество',
  'modifiers.free': 'бесплатно',
  'modifiers.linePrice': '{quantity} × {price} = {total}',
  'modifiers.ok': 'Добавить в продажу',
  'modifiers.apply': 'Применить',
  'modifiers.change': 'Изменить модификаторы',
  'modifiers.cancel': 'Отмена',
  'modifiers.more': 'Ещё {name}',
  'modifiers.less': 'Меньше {name}',
  'modifiers.keys': '↑ ↓ переход · Пробел выбрать · + − количество · Enter добавить · Esc отмена',
  'modifiers.waiting': '{count, plural, one {Ещё # отсканированный товар ждёт модификаторов} few {Ещё # отсканированных товара ждут модификаторов} many {Ещё # отсканированных товаров ждут модификаторов} other {Ещё # отсканированного товара ждут модификаторов}}',
};

export const modifierPickerUz: Keys = {
  'modifiers.title': '{item}: modifikatorlar',
  'modifiers.required': 'Majburiy',
  'modifiers.rule.exactly': '{count} ta tanlang',
  'modifiers.rule.range': '{min} dan {max} tagacha tanlang',
  'modifiers.rule.atLeast': 'kamida {min} ta',
  'modifiers.rule.upTo': 'ko‘pi bilan {max} ta',
  'modifiers.rule.optional': 'ixtiyoriy',
  'modifiers.rule.free': '{count, plural, one {# tasi bepul} other {# tasi bepul}}',
  'modifiers.chosen': '{chosen} ta tanlandi',
  'modifiers.short': 'Kamida {min} ta tanlang',
  'modifiers.full': 'Eng ko‘p miqdor tanlandi',
  'modifiers.free': 'bepul',
  'modifiers.linePrice': '{quantity} × {price} = {total}',
  'modifiers.ok': 'Savdoga qo‘shish',
  'modifiers.apply': 'Qo‘llash',
  'modifiers.change': 'Modifikatorlarni o‘zgartirish',
  'modifiers.cancel': 'Bekor qilish',
  'modifiers.more': 'Yana bitta {name}',
  'modifiers.less': 'Bitta kam {name}',
  'modifiers.keys': '↑ ↓ o‘tish · Probel tanlash · + − soni · Enter qo‘shish · Esc bekor qilish',
  'modifiers.waiting': '{count, plural, one {Yana # ta skanerlangan tovar modifikatorlarini kutmoqda} other {Yana # ta skanerlangan tovar modifikatorlarini kutmoqda}}',
};
