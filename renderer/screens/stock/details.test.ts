import { describe, expect, it } from 'vitest';
import { startOfLocalDay } from './dates.js';
import { checkDetails, splitLines, type DetailValues } from './details.js';

const stored: DetailValues = {
  price: '12000',
  dateFrom: '2026-01-15',
  mon: '0',
  tue: '2.5',
  wed: '5',
  thu: '0',
  fri: '0',
  sat: '0',
  sun: '0',
};

describe('editing a stock row’s details', () => {
  it('builds a body of only the changed fields, as canonical decimal strings', () => {
    const { problems, body } = checkDetails({ ...stored, price: ' 12500,50 ', tue: '3', sun: '1,125' }, stored);
    expect(problems).toEqual({});
    expect(body).toEqual({ price: '12500.5', tue: '3', sun: '1.125' });
  });

  it('does not send a value typed differently but equal to the stored one', () => {
    expect(checkDetails({ ...stored, price: '12000,00', tue: '2.500', mon: '0.0' }, stored)).toEqual({ problems: {}, body: {} });
  });

  it('sends a new date as the start of that local day', () => {
    expect(checkDetails({ ...stored, dateFrom: '2026-05-01' }, stored).body).toEqual({ dateFrom: startOfLocalDay('2026-05-01') });
  });

  it('refuses a negative price, a price with three decimals, and text, naming each field', () => {
    for (const price of ['-1', '1.005', 'ten', '']) {
      expect(checkDetails({ ...stored, price }, stored).problems, price).toEqual({ price: 'stock.priceInvalid' });
    }
  });

  it('refuses a negative weekday quantity, four decimals, and an empty one', () => {
    const { problems, body } = checkDetails({ ...stored, mon: '-1', fri: '1.0005', sat: '' }, stored);
    expect(problems).toEqual({ mon: 'stock.parInvalid', fri: 'stock.parInvalid', sat: 'stock.parInvalid' });
    expect(body).toEqual({});
  });

  it('refuses an emptied date, which the service would silently keep', () => {
    expect(checkDetails({ ...stored, dateFrom: '' }, stored).problems).toEqual({ dateFrom: 'stock.dateInvalid' });
  });

  it('puts each of the service’s lines next to the field it names', () => {
    expect(
      splitLines([
        'price must not be negative',
        'dateFrom must be an ISO 8601 date string',
        'sun must not be negative',
        'sunday is odd',
        'Forbidden',
      ]),
    ).toEqual({
      byField: {
        price: ['price must not be negative'],
        dateFrom: ['dateFrom must be an ISO 8601 date string'],
        sun: ['sun must not be negative'],
      },
      general: ['sunday is odd', 'Forbidden'],
    });
  });
});
