import { describe, expect, it } from 'vitest';
import { en } from './en.js';
import { LANGUAGES, translator } from './index.js';
import { ru } from './ru.js';
import { uz } from './uz.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the message catalogues', () => {
  it('have the same keys in uz, ru and en, each with the same placeholders', () => {
    for (const catalogue of [uz, ru]) {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en))
        expect(placeholders(catalogue[key as keyof typeof en]), key).toEqual(placeholders(text));
    }
  });

  it('offers exactly the three languages, and fills placeholders', () => {
    expect(LANGUAGES.map((language) => language.code)).toEqual(['uz', 'ru', 'en']);
    expect(translator('en')('pin.locked', { seconds: 30 })).toBe('Too many wrong PINs. Try again in 30 s.');
    expect(translator('ru')('sync.pending', { count: 2 })).toBe('К отправке: 2');
    expect(translator('uz')('nav.signOut')).toBe('Chiqish');
  });
});
