/**
 * JSON parsing that keeps large integers exact. Rows travel as the database wrote them, with money and
 * quantities as JSON integers of scaled units (hundredths, thousandths). Money may have 15 integer digits, so its
 * units reach 10^17 — beyond 2^53, where `JSON.parse` silently rounds. This parser returns an integer outside the
 * safe range as a `bigint` and everything else as `JSON.parse` would. (A terminal that writes rows into SQLite
 * can instead hand the row text to SQLite's JSON functions, which keep 64-bit integers exact.)
 */

export type ExactJson = null | boolean | number | bigint | string | ExactJson[] | { [key: string]: ExactJson };

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

export function parseExactJson(text: string): ExactJson {
  let at = 0;

  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at position ${at}`);
  };
  const skip = () => {
    while (at < text.length && WHITESPACE.has(text[at] ?? '')) at += 1;
  };
  const expect = (symbol: string) => {
    if (text[at] !== symbol) fail(`expected '${symbol}'`);
    at += 1;
  };

  function string(): string {
    const start = at;
    at += 1;
    let escaped = false;
    while (at < text.length) {
      const symbol = text[at];
      if (escaped) escaped = false;
      else if (symbol === '\\') escaped = true;
      else if (symbol === '"') break;
      at += 1;
    }
    if (at >= text.length) fail('unterminated string');
    at += 1;
    // The string's own escapes are JSON's: let the built-in parser decode them.
    return JSON.parse(text.slice(start, at)) as string;
  }

  function number(): number | bigint {
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (!match) return fail('unexpected character');
    at += match[0].length;
    const token = match[0];
    const value = Number(token);
    if (/^-?[0-9]+$/.test(token) && !Number.isSafeInteger(value)) return BigInt(token);
    return value;
  }

  function value(): ExactJson {
    skip();
    const symbol = text[at];
    if (symbol === '{') {
      at += 1;
      const object: { [key: string]: ExactJson } = {};
      skip();
      if (text[at] === '}') {
        at += 1;
        return object;
      }
      for (;;) {
        skip();
        if (text[at] !== '"') fail('expected a key');
        const key = string();
        skip();
        expect(':');
        // defineProperty, so a key named __proto__ is data, not the object's prototype.
        Object.defineProperty(object, key, { value: value(), enumerable: true, writable: true, configurable: true });
        skip();
        if (text[at] === ',') at += 1;
        else {
          expect('}');
          return object;
        }
      }
    }
    if (symbol === '[') {
      at += 1;
      const array: ExactJson[] = [];
      skip();
      if (text[at] === ']') {
        at += 1;
        return array;
      }
      for (;;) {
        array.push(value());
        skip();
        if (text[at] === ',') at += 1;
        else {
          expect(']');
          return array;
        }
      }
    }
    if (symbol === '"') return string();
    for (const [word, result] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return result;
      }
    }
    return number();
  }

  const result = value();
  skip();
  if (at !== text.length) fail('unexpected text after the value');
  return result;
}
