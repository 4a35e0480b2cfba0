/**
 * The modifier groups screen's messages added for issue 14 (item 12): whose groups the list shows, the offer of
 * every point's groups, carrying a search into a new group's name, and "More" for the back office's fields.
 * English is the source; ru and uz are typed by its keys. Plain `{name}` placeholders (valid ICU).
 */
export const modifierGroupsScopeEn = {
  'modifierGroups.more': 'More: description, type, cost, tax, discount, point, options',
  'modifierGroups.scope.point': 'Groups of {point} and of the whole business.',
  'modifierGroups.scope.thisPoint': 'Groups of this till’s point and of the whole business.',
  'modifierGroups.scope.all': 'Groups of every point.',
  'modifierGroups.allPoints': 'All points',
  'modifierGroups.emptyHere': 'No groups of {point} or of the whole business.',
  'modifierGroups.showAllPoints': 'Show all points',
  'modifierGroups.noMatch': 'No group matches “{query}”.',
  'modifierGroups.createNamed': 'Create “{name}”',
  'modifierGroups.otherPoint': 'This group belongs to {point}: change it at that point’s till or in the back office.',
};

type Keys = Record<keyof typeof modifierGroupsScopeEn, string>;

export const modifierGroupsScopeRu: Keys = {
  'modifierGroups.more': 'Ещё: описание, тип, себестоимость, налог, скидка, точка, параметры',
  'modifierGroups.scope.point': 'Группы точки «{point}» и всего бизнеса.',
  'modifierGroups.scope.thisPoint': 'Группы точки этой кассы и всего бизнеса.',
  'modifierGroups.scope.all': 'Группы всех точек.',
  'modifierGroups.allPoints': 'Все точки',
  'modifierGroups.emptyHere': 'Нет групп точки «{point}» и всего бизнеса.',
  'modifierGroups.showAllPoints': 'Показать все точки',
  'modifierGroups.noMatch': 'Нет группы, похожей на «{query}».',
  'modifierGroups.createNamed': 'Создать «{name}»',
  'modifierGroups.otherPoint': 'Группа принадлежит точке «{point}»: измените её на кассе этой точки или в бэк-офисе.',
};

export const modifierGroupsScopeUz: Keys = {
  'modifierGroups.more': 'Yana: tavsif, tur, tannarx, soliq, chegirma, savdo nuqtasi, parametrlar',
  'modifierGroups.scope.point': '«{point}» va butun biznes guruhlari.',
  'modifierGroups.scope.thisPoint': 'Shu kassa nuqtasi va butun biznes guruhlari.',
  'modifierGroups.scope.all': 'Barcha nuqtalar guruhlari.',
  'modifierGroups.allPoints': 'Barcha nuqtalar',
  'modifierGroups.emptyHere': '«{point}» va butun biznesda guruh yo‘q.',
  'modifierGroups.showAllPoints': 'Barcha nuqtalarni ko‘rsatish',
  'modifierGroups.noMatch': '«{query}» ga mos guruh yo‘q.',
  'modifierGroups.createNamed': '«{name}» ni yaratish',
  'modifierGroups.otherPoint': 'Bu guruh «{point}» nuqtasiga tegishli: uni o‘sha nuqta kassasida yoki bek-ofisda o‘zgartiring.',
};
