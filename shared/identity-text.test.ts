import { describe, expect, it } from 'vitest';
import { validate } from './validation.js';
import { dto } from './schema-kit.js';
import { displayName, hasHiddenCharacters, loginKey, loginText, normaliseLogin } from './identity-text.js';

describe('logins and display names', () => {
  it('finds zero-width, control, private-use, bidi and lone-surrogate characters, and nothing in ordinary names of any script', () => {
    for (const hidden of ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u0007', '\t', '\n', '\u007f', '\u0085', '\ue000', '\uf8ff', '\u{f0000}', '\u202a', '\u202e', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c', '\ud800']) {
      expect(hasHiddenCharacters(`a${hidden}b`), JSON.stringify(hidden)).toBe(true);
    }
    for (const name of ['Dilnoza', 'Oʻlmas Toshmatov', 'Дилноза Каримова', 'محمد', 'שלום', '张伟', 'O’Brien-Smith', 'Café № 1', 'Ali 😀']) {
      expect(hasHiddenCharacters(name), name).toBe(false);
    }
  });

  it('stores a login NFKC-normalised and trimmed, and keys it case-folded', () => {
    expect(normaliseLogin('  ＳＨＯＰ１ ')).toBe('SHOP1');
    expect(loginKey('  ＳＨＯＰ１ ')).toBe('shop1');
    expect(loginKey('Straße')).toBe(loginKey('STRASSE'));
    expect(loginKey('STRAẞE')).toBe(loginKey('strasse'));
    expect(loginKey('ﬁle')).toBe('file');
  });

  it('names the field in the 400 line and passes the stored form on', () => {
    const schema = dto({ login: loginText(), full_name: displayName().nullish() });
    expect(validate(schema, { login: 'Name\u200b', full_name: 'A\u202eB' })).toEqual({
      ok: false,
      problems: ['login must not contain zero-width, control, private-use or bidirectional characters', 'full_name must not contain zero-width, control, private-use or bidirectional characters'],
    });
    expect(validate(schema, { login: '  ' })).toEqual({ ok: false, problems: ['login should not be empty'] });
    expect(validate(schema, { login: ' Ｎａｍｅ ' })).toEqual({ ok: true, value: { login: 'Name' } });
  });
});
