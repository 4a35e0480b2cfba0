/**
 * The Modifier groups screen's Rules tab (screens/modifier-groups/RulesForm.tsx) in the three languages: what the
 * sales screen's modifier picker enforces for a group. English is the source; ru and uz are typed by its keys.
 */
export const modifierRulesEn = {
  'modifierRules.tab': 'Rules',
  'modifierRules.intro': 'What the sales screen asks when an item with this group is sold.',
  'modifierRules.required': 'Required (at least one choice)',
  'modifierRules.min': 'At least',
  'modifierRules.max': 'At most',
  'modifierRules.noLimit': 'no limit',
  'modifierRules.free': 'Free choices',
  'modifierRules.default': 'Preselected',
  'modifierRules.none': 'None',
  'modifierRules.wholeNumber': 'Enter a whole number from 0 to 999.',
  'modifierRules.minOverMax': '“At least” cannot be more than “At most”.',
  'modifierRules.requiredNeedsOne': 'A required group needs “At most” of 1 or more.',
  'modifierRules.freeOverMax': 'Free choices cannot be more than “At most”.',
  'modifierRules.unchanged': 'Nothing changed.',
  'modifierRules.saved': 'Rules saved.',
};

type Keys = Record<keyof typeof modifierRulesEn, string>;

export const modifierRulesRu: Keys = {
  'modifierRules.tab': 'Правила',
  'modifierRules.intro': 'Что экран продажи спросит, когда продают товар с этой группой.',
  'modifierRules.required': 'Обязательно (хотя бы один выбор)',
  'modifierRules.min': 'Не меньше',
  'modifierRules.max': 'Не больше',
  'modifierRules.noLimit': 'без ограничения',
  'modifierRules.free': 'Бесплатных выборов',
  'modifierRules.default': 'Выбрано заранее',
  'modifierRules.none': 'Нет',
  'modifierRules.wholeNumber': 'Введите целое число от 0 до 999.',
  'modifierRules.minOverMax': '«Не меньше» не может быть больше «Не больше».',
  'modifierRules.requiredNeedsOne': 'Для обязательной группы «Не больше» должно быть 1 или больше.',
  'modifierRules.freeOverMax': 'Бесплатных выборов не может быть больше «Не больше».',
  'modifierRules.unchanged': 'Ничего не изменилось.',
  'modifierRules.saved': 'Правила сохранены.',
};

export const modifierRulesUz: Keys = {
  'modifierRules.tab': 'Qoidalar',
  'modifierRules.intro': 'Shu guruhli tovar sotilganda savdo ekrani nimani so‘raydi.',
  'modifierRules.required': 'Majburiy (kamida bitta tanlov)',
  'modifierRules.min': 'Kamida',
  'modifierRules.max': 'Ko‘pi bilan',
  'modifierRules.noLimit': 'cheklovsiz',
  'modifierRules.free': 'Bepul tanlovlar',
  'modifierRules.default': 'Oldindan tanlangan',
  'modifierRules.none': 'Yo‘q',
  'modifierRules.wholeNumber': '0 dan 999 gacha butun son kiriting.',
  'modifierRules.minOverMax': '“Kamida” “Ko‘pi bilan”dan katta bo‘lolmaydi.',
  'modifierRules.requiredNeedsOne': 'Majburiy guruhda “Ko‘pi bilan” 1 yoki undan ko‘p bo‘lishi kerak.',
  'modifierRules.freeOverMax': 'Bepul tanlovlar “Ko‘pi bilan”dan ko‘p bo‘lolmaydi.',
  'modifierRules.unchanged': 'Hech narsa o‘zgarmadi.',
  'modifierRules.saved': 'Qoidalar saqlandi.',
};
