import { describe, expect, it } from 'vitest';
import { readScan, scanCollector, takeEnrollOffer } from './enroll-offer.js';

function sources(hash: string) {
  const replaced: string[] = [];
  return {
    replaced,
    location: { hash, pathname: '/', search: '' },
    history: { state: null, replaceState: (_state: unknown, _title: string, url: string) => void replaced.push(url) },
  };
}

describe('an enrollment offered in the address', () => {
  it('reads #enroll=<server>&code=<code> and leaves the rest of the fragment (the secret) in place', () => {
    const page = sources('#secret=abc&enroll=https%3A%2F%2Fkassa.example.com&code=K7Q-4MZ-9TD');
    expect(takeEnrollOffer(page)).toEqual({ serviceUrl: 'https://kassa.example.com', code: 'K7Q-4MZ-9TD' });
    expect(page.replaced).toEqual(['/#secret=abc']);
  });

  it('offers nothing without a code, and leaves an address without an offer alone', () => {
    const withoutCode = sources('#enroll=https%3A%2F%2Fkassa.example.com');
    expect(takeEnrollOffer(withoutCode)).toBeUndefined();
    expect(withoutCode.replaced).toEqual(['/']);
    const plain = sources('#secret=abc');
    expect(takeEnrollOffer(plain)).toBeUndefined();
    expect(plain.replaced).toEqual([]);
  });
});

describe('a scanner’s input', () => {
  it('is a code (Code 128 of the code) or a kassa:// link (the QR code), and nothing else', () => {
    expect(readScan('k7q-4mz-9td')).toEqual({ code: 'K7Q-4MZ-9TD' });
    expect(readScan('kassa://enroll?server=https%3A%2F%2Fkassa.example.com&code=K7Q-4MZ-9TD')).toEqual({ serviceUrl: 'https://kassa.example.com', code: 'K7Q-4MZ-9TD' });
    expect(readScan('4780000000001')).toBeUndefined();
    expect(readScan('https://kassa.example.com')).toBeUndefined();
  });

  it('is told from a person’s typing by its speed, and ends with Enter', () => {
    const scanner = scanCollector({ maxGapMs: 50 });
    let at = 1_000;
    for (const key of 'K7Q-4MZ-9TD') expect(scanner(key, (at += 5))).toBeUndefined();
    expect(scanner('Enter', (at += 5))).toBe('K7Q-4MZ-9TD');
    const person = scanCollector({ maxGapMs: 50 });
    at = 1_000;
    for (const key of 'K7Q-4MZ-9TD') person(key, (at += 200));
    expect(person('Enter', (at += 200))).toBeUndefined();
  });
});
