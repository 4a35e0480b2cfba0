import { describe, expect, it } from 'vitest';
import { ITEM_TYPES } from '../../../shared/schema-kit.js';
import { en } from '../../i18n/en.js';
import { modifierGroupsEn, modifierGroupsRu, modifierGroupsUz } from '../../i18n/modifier-groups.js';
import { ru } from '../../i18n/ru.js';
import { uz } from '../../i18n/uz.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the modifier groups messages', () => {
  it('exist in en, ru and uz with the same keys and placeholders, none left empty or untranslated', () => {
    const keys = Object.keys(modifierGroupsEn).sort();
    for (const catalogue of [modifierGroupsRu, modifierGroupsUz]) {
      expect(Object.keys(catalogue).sort()).toEqual(keys);
      for (const key of keys) {
        const source = modifierGroupsEn[key as keyof typeof modifierGroupsEn];
        const text = catalogue[key as keyof typeof catalogue];
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(source));
      }
    }
    // A message copied from English unchanged is a translation someone forgot.
    for (const catalogue of [modifierGroupsRu, modifierGroupsUz]) {
      const same = keys.filter(
        (key) => catalogue[key as keyof typeof catalogue] === modifierGroupsEn[key as keyof typeof modifierGroupsEn],
      );
      expect(same).toEqual([]);
    }
  });

  it('are all under modifierGroups.* and reach the three full catalogues', () => {
    for (const key of Object.keys(modifierGroupsEn)) {
      expect(key.startsWith('modifierGroups.')).toBe(true);
      expect(en).toHaveProperty([key]);
      expect(ru).toHaveProperty([key], modifierGroupsRu[key as keyof typeof modifierGroupsRu]);
      expect(uz).toHaveProperty([key], modifierGroupsUz[key as keyof typeof modifierGroupsUz]);
    }
  });

  it('name every catalogue entry type the service accepts', () => {
    for (const type of ITEM_TYPES) expect(modifierGroupsEn).toHaveProperty([`modifierGroups.type.${type}`]);
  });
});
