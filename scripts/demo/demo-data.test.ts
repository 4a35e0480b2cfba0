import { describe, expect, it } from 'vitest';
import { MONEY, parseDecimal, QUANTITY } from '../../shared/decimal.js';
import { MANAGER_RESOURCE } from '../../main/terminal/inbox.js';
import { DEMO_BUSINESS as demo } from './demo-data.js';
import { groupDigits } from './demo-record.js';
import { ean13CheckDigit, isValidEan13 } from './ean13.js';
import { newDemoCredentials, openingDebtTotal } from './seed-demo.js';

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
  it('gives every item a distinct EAN-13 barcode with a valid check digit', () => {
    const invalid = demo.items.filter((item) => !isValidEan13(item.barcode)).map((item) => `${item.name}: ${item.barcode}`);
    expect(invalid).toEqual([]);
    expect(new Set(demo.items.map((item) => item.barcode)).size).toBe(demo.items.length);
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
