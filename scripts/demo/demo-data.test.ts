import { describe, expect, it } from 'vitest';
import { MONEY, parseDecimal, QUANTITY } from '../../shared/decimal.js';
import { MANAGER_RESOURCE } from '../../main/terminal/inbox.js';
import { DEMO_BUSINESS as demo } from './demo-data.js';
import { groupDigits } from './demo-record.js';
import { ean13CheckDigit, isValidEan13 } from './ean13.js';
import { newDemoCredentials, openingDebtTotal } from './seed-demo.js';
import { isWeightUnit } from '../../renderer/screens/sale/catalogue.js';
import { readWeightBarcodeSettings } from '../../shared/barcodes/weight-barcode-settings.js';

const keys = <T extends { key: string }>(list: readonly T[]) => new Set(list.map((entry) => entry.key));

describe('EAN-13 check digits', () => {
  it('computes the check digits of published codes', () => {
    // GS1's own example, an ISBN-13, and a Coca-Cola can.
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('978030640615')).toBe(7);
    expect(ean13CheckDigit('544900000099')).toBe(6);
  });

  it('refuses a code with a wrong last digit, a wrong length or a non-digit', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
    expect(isValidEan13('40063813339X1')).toBe(false);
    expect(() => ean13CheckDigit('12345')).toThrow(/twelve digits/);
  });
});

describe('the demo business as data', () => {
  it('gives every packaged item a valid EAN-13 and every weighed item a short scale code, all distinct', () => {
    const weighed = demo.items.filter((item) => isWeightUnit(item.measurement));
    const packaged = demo.items.filter((item) => !isWeightUnit(item.measurement));
    expect(packaged.filter((item) => !isValidEan13(item.barcode)).map((item) => `${item.name}: ${item.barcode}`)).toEqual([]);
    // A 5-digit code field on the label: the scale's PLU, as the sales screen reads it (renderer/screens/sale/catalogue.ts).
    expect(weighed.map((item) => item.name)).toEqual(['Kartoshka', 'Pomidor']);
    expect(weighed.filter((item) => !/^\d{1,5}$/.test(item.barcode)).map((item) => item.name)).toEqual([]);
    expect(new Set(demo.items.map((item) => item.barcode)).size).toBe(demo.items.length);
  });

  it('gives every item group a distinct tile colour the sales screen accepts', () => {
    const colours = demo.itemGroups.map((group) => group.color);
    expect(colours.filter((colour) => !/^#[0-9a-f]{6}$/.test(colour))).toEqual([]);
    expect(new Set(colours).size).toBe(colours.length);
  });

  it('offers cash (made at registration), card and on-account methods, and a card terminal named after each till', () => {
    expect(demo.paymentMethods.map((method) => method.kind)).toEqual(expect.arrayContaining(['CARD', 'DEBT']));
    // The payment step preselects the device whose name contains the till's (renderer/screens/payment/payment-setup.ts).
    const devices = (demo.paymentDevices ?? []).map((device) => device.name.toLowerCase());
    for (const till of demo.workplaces) expect(devices.filter((device) => device.includes(till.name.toLowerCase())), till.name).toHaveLength(1);
  });

  it('stores scale-label settings the service accepts: prefix 22 weighs, 23 prices', () => {
    const read = readWeightBarcodeSettings(JSON.stringify(demo.weightBarcodes));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.settings.rules.map((rule) => [rule.prefixes, rule.layout.measure])).toEqual([
      [['22'], 'weight'],
      [['23'], 'price'],
    ]);
  });

  it('gives a few clients a credit limit, one of them already over it, and the on-account client room to buy', () => {
    const limited = demo.clients.filter((client) => client.creditLimit !== null);
    expect(limited.length).toBeGreaterThanOrEqual(2);
    for (const client of limited) expect(parseDecimal(client.creditLimit!, MONEY).ok).toBe(true);
    const units = (text: string) => (parseDecimal(text, MONEY) as { units: bigint }).units;
    expect(limited.some((client) => client.openingDebt && units(client.openingDebt.amount) > units(client.creditLimit!))).toBe(true);
    const buyer = demo.clients.find((client) => client.fullName === demo.firstSale?.onAccountClient);
    expect(buyer).toMatchObject({ openingDebt: null, creditLimit: '300000' });
  });

  it('writes prices, costs, quantities and debts as exact decimal strings the service accepts', () => {
    const problems: string[] = [];
    const check = (what: string, text: string, kind: typeof MONEY) => {
      const parsed = parseDecimal(text, kind);
      if (!parsed.ok) problems.push(`${what} "${text}": ${parsed.problem}`);
    };
    for (const item of demo.items) {
      check(`${item.name} price`, item.price, MONEY);
      check(`${item.name} cost`, item.cost, MONEY);
      for (const stock of item.stock) check(`${item.name} stock`, stock.quantity, QUANTITY);
    }
    for (const group of demo.modifierGroups) for (const modifier of group.modifiers) check(modifier.name, modifier.price, MONEY);
    for (const client of demo.clients) if (client.openingDebt) check(client.fullName, client.openingDebt.amount, MONEY);
    expect(problems).toEqual([]);
    expect(openingDebtTotal(demo)).toBe('1101000');
  });

  it('names only keys it defines: groups, points, warehouses, tills, roles and measurements', () => {
    const warehouses = keys(demo.warehouses);
    const points = keys(demo.points);
    const groups = keys(demo.itemGroups);
    const broken = [
      ...demo.points.filter((point) => !warehouses.has(point.warehouse)).map((point) => point.key),
      ...demo.workplaces.filter((till) => !points.has(till.point)).map((till) => till.key),
      ...demo.itemGroups.filter((group) => !points.has(group.point)).map((group) => group.key),
      ...demo.items
        .filter((item) => !groups.has(item.group) || !demo.measurements.includes(item.measurement))
        .map((item) => item.name),
      ...demo.items.flatMap((item) => item.stock.filter((stock) => !warehouses.has(stock.warehouse)).map(() => item.name)),
      ...demo.employees
        .filter(
          (person) =>
            !keys(demo.roles).has(person.role) || (person.workplace !== null && !keys(demo.workplaces).has(person.workplace)),
        )
        .map((person) => person.key),
      ...demo.modifierGroups.flatMap((group) =>
        group.modifiers.filter((modifier) => !demo.measurements.includes(modifier.measurement)).map((modifier) => modifier.name),
      ),
    ];
    expect(broken).toEqual([]);
    expect(keys(demo.workplaces).has(demo.terminalWorkplace)).toBe(true);
  });

  it('stocks every item first in the warehouse of its own venue, mostly in healthy amounts', () => {
    const venueWarehouse = (group: string) => {
      const point = demo.itemGroups.find((candidate) => candidate.key === group)!.point;
      return demo.points.find((candidate) => candidate.key === point)!.warehouse;
    };
    expect(demo.items.filter((item) => item.stock[0]?.warehouse !== venueWarehouse(item.group)).map((item) => item.name)).toEqual(
      [],
    );
    const home = demo.items
      .map((item) => parseDecimal(item.stock[0]!.quantity, QUANTITY))
      .map((parsed) => (parsed.ok ? parsed.units : 0n));
    const short = home.filter((units) => units <= 3000n);
    // A few rows for the stock screen to highlight (low, zero, negative), the rest believable.
    expect(home.some((units) => units < 0n)).toBe(true);
    expect(home.some((units) => units === 0n)).toBe(true);
    expect(short.length).toBeGreaterThanOrEqual(3);
    expect(short.length).toBeLessThanOrEqual(demo.items.length / 5);
  });

  it('has a café cashier, a shop cashier and a manager whose role grants MANAGER', () => {
    const pointOf = (workplace: string | null) => demo.workplaces.find((till) => till.key === workplace)?.point ?? null;
    const roleOf = (key: string) => demo.roles.find((role) => role.key === key)!;
    const cashiers = demo.employees.filter((person) => !roleOf(person.role).accessResources.includes(MANAGER_RESOURCE));
    expect(cashiers.map((person) => pointOf(person.workplace))).toEqual(expect.arrayContaining(['cafe', 'shop']));
    const managers = demo.employees.filter((person) => roleOf(person.role).accessResources.includes(MANAGER_RESOURCE));
    expect(managers.length).toBeGreaterThanOrEqual(1);
  });

  it('makes each seeding attempt its own owner login and password, with distinct 4-digit PINs', () => {
    const first = newDemoCredentials(demo);
    const second = newDemoCredentials(demo);
    expect(first.login).not.toBe(second.login);
    expect(first.password).not.toBe(second.password);
    expect(first.password.length).toBeGreaterThanOrEqual(12);
    const pins = [...first.pins.values()];
    expect(pins).toHaveLength(demo.employees.length);
    expect(new Set(pins).size).toBe(pins.length);
    for (const pin of pins) expect(pin).toMatch(/^[0-9]{4}$/);
  });
});

describe('the printed summary', () => {
  it('groups the digits of a total, keeping it exact', () => {
    expect(groupDigits('1101000')).toBe('1 101 000');
    expect(groupDigits('-25000.5')).toBe('-25 000.5');
    expect(groupDigits('999')).toBe('999');
  });
});
