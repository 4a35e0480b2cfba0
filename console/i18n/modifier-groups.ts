/** Messages of the modifier groups page (console/pages/modifier-groups): the rules the till's picker enforces. */
export const modifierGroupsEn = {
  'page.modifierGroups': 'Modifier groups',
  'modifierGroups.intro':
    'Groups of modifiers (milk, sauces, extras) and the rules the till’s picker enforces: whether a choice is required, how many may be chosen, how many are free, and which one is chosen beforehand.',
  'modifierGroups.add': 'Add a modifier group',
  'modifierGroups.new': 'New modifier group',
  'modifierGroups.edit': 'Edit “{name}”',
  'field.isRequired': 'A choice is required',
  'field.minChoices': 'At least (choices)',
  'field.maxChoices': 'At most (choices; empty: no limit)',
  'field.freeQuantity': 'Free (choices)',
  'field.defaultModifier': 'Chosen beforehand',
  'column.rules': 'Rules',
  'modifierGroups.rules': '{required, select, yes {required, } other {}}{min}–{max} choices, {free} free',
  'modifierGroups.noLimit': 'any',
  'option.noDefault': 'None',
} as const;

export type ModifierGroupsMessages = Record<keyof typeof modifierGroupsEn, string>;

export const modifierGroupsRu: ModifierGroupsMessages = {
  'page.modifierGroups': 'Группы модификаторов',
  'modifierGroups.intro':
    'Группы модификаторов (молоко, соусы, добавки) и правила, которые соблюдает выбор на кассе: обязателен ли выбор, сколько можно выбрать, сколько бесплатно и что выбрано заранее.',
  'modifierGroups.add': 'Добавить группу модификаторов',
  'modifierGroups.new': 'Новая группа модификаторов',
  'modifierGroups.edit': 'Изменить «{name}»',
  'field.isRequired': 'Выбор обязателен',
  'field.minChoices': 'Не меньше (выборов)',
  'field.maxChoices': 'Не больше (выборов; пусто — без ограничения)',
  'field.freeQuantity': 'Бесплатно (выборов)',
  'field.defaultModifier': 'Выбрано заранее',
  'column.rules': 'Правила',
  'modifierGroups.rules': '{required, select, yes {обязательно, } other {}}{min}–{max} выбор., {free} бесплатно',
  'modifierGroups.noLimit': 'любое',
  'option.noDefault': 'Нет',
};

export const modifierGroupsUz: ModifierGroupsMessages = {
  'page.modifierGroups': 'Modifikator guruhlari',
  'modifierGroups.intro':
    'Modifikator guruhlari (sut, souslar, qo‘shimchalar) va kassadagi tanlov qoidalari: tanlash majburiymi, nechtasini tanlash mumkin, nechtasi bepul va qaysi biri oldindan tanlangan.',
  'modifierGroups.add': 'Modifikator guruhini qo‘shish',
  'modifierGroups.new': 'Yangi modifikator guruhi',
  'modifierGroups.edit': '“{name}”ni tahrirlash',
  'field.isRequired': 'Tanlash majburiy',
  'field.minChoices': 'Kamida (tanlov)',
  'field.maxChoices': 'Ko‘pi bilan (tanlov; bo‘sh — cheklovsiz)',
  'field.freeQuantity': 'Bepul (tanlov)',
  'field.defaultModifier': 'Oldindan tanlangan',
  'column.rules': 'Qoidalar',
  'modifierGroups.rules': '{required, select, yes {majburiy, } other {}}{min}–{max} ta tanlov, {free} tasi bepul',
  'modifierGroups.noLimit': 'istalgan',
  'option.noDefault': 'Yo‘q',
};
