/** Messages of the units page (console/pages/units): the units items are counted and sold in. */
export const unitsEn = {
  'page.units': 'Units',
  'units.intro': 'The units items are sold in (pcs, kg, l). The catalogue import needs them: each row names one.',
  'units.add': 'Add a unit',
  'units.new': 'New unit',
  'units.edit': 'Edit “{name}”',
} as const;

export type UnitsMessages = Record<keyof typeof unitsEn, string>;

export const unitsRu: UnitsMessages = {
  'page.units': 'Единицы измерения',
  'units.intro': 'Единицы, в которых продаются товары (шт, кг, л). Они нужны импорту каталога: каждая строка называет одну.',
  'units.add': 'Добавить единицу',
  'units.new': 'Новая единица',
  'units.edit': 'Изменить «{name}»',
};

export const unitsUz: UnitsMessages = {
  'page.units': 'O‘lchov birliklari',
  'units.intro': 'Mahsulotlar sotiladigan birliklar (dona, kg, l). Katalog importi ularni talab qiladi: har bir qatorda bittasi ko‘rsatiladi.',
  'units.add': 'Birlik qo‘shish',
  'units.new': 'Yangi birlik',
  'units.edit': '“{name}”ni tahrirlash',
};
