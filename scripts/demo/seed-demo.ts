/**
 * Creates the demo business through the central service's HTTP API, exactly as a back office would: register the
 * owner, log in, then points, tills, warehouses, measurements, roles, employees with PINs, payment methods and card
 * terminals, the scale-label settings, suppliers, item groups (with tile colours), items, modifier groups with their
 * modifiers, stock rows, clients (with credit limits) and their opening debts.
 *
 * Nothing here talks to the database: whatever the service refuses (a validation rule, a reference check) stops
 * the seeding with the service's own message, so the demo can only ever contain what a real back office could make.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { formatMoney, unitsOf, MONEY } from '../../shared/decimal.js';
import { MANAGER_RESOURCE } from '../../main/terminal/inbox.js';
import { WEIGHT_BARCODES_CONFIG_KEY } from '../../shared/barcodes/weight-barcode-settings.js';
import type { DemoBusiness, DemoItem } from './demo-data.js';
import { demoPrinterBody, demoPrinterPort } from './demo-printer.js';
import type { ServiceApi } from './service-api.js';

export interface DemoCredentials {
  /** The owner's back-office login: a fresh random suffix each attempt (see ./first-run.ts for why). */
  readonly login: string;
  readonly password: string;
  /** Each employee's 4-digit PIN, by the employee's key; all distinct. */
  readonly pins: ReadonlyMap<string, string>;
}

/** A new owner login and password and distinct PINs: the demo is local, but nothing about it is guessable. */
export function newDemoCredentials(data: DemoBusiness): DemoCredentials {
  const pins = new Map<string, string>();
  const taken = new Set<string>();
  for (const employee of data.employees) {
    let pin: string;
    do pin = String(randomInt(0, 10_000)).padStart(4, '0');
    while (taken.has(pin));
    taken.add(pin);
    pins.set(employee.key, pin);
  }
  return { login: `demo-${randomBytes(4).toString('hex')}`, password: randomBytes(12).toString('base64url'), pins };
}

export interface SeededEmployee {
  readonly id: string;
  readonly key: string;
  readonly fullName: string;
  readonly pin: string;
  readonly role: string;
  readonly manager: boolean;
  /** The till's name, or null for every till. */
  readonly workplace: string | null;
  readonly workplaceId: string | null;
}

export interface SeededDemo {
  readonly businessId: string;
  /** The owner's token, for the enrollment code that follows; the caller never prints or stores it. */
  readonly token: string;
  readonly workplaces: ReadonlyMap<string, { readonly id: string; readonly name: string; readonly point: string }>;
  readonly employees: readonly SeededEmployee[];
  /** What was created, for the console: label → count. */
  readonly counts: Readonly<Record<string, number>>;
}

interface Created {
  readonly id: string;
}

/** `key → id` of records created one by one, in order (so lists show them in the order they are written here). */
async function createEach<T>(
  list: readonly T[],
  create: (entry: T) => Promise<Created>,
  keyOf: (entry: T) => string,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const entry of list) ids.set(keyOf(entry), (await create(entry)).id);
  return ids;
}

function must(map: ReadonlyMap<string, string>, key: string, what: string): string {
  const id = map.get(key);
  if (id === undefined) throw new Error(`the demo data names an unknown ${what} "${key}"`);
  return id;
}

/** Today as the stock rows' `dateFrom` (the day the counts were taken). */
const today = () => new Date().toISOString().slice(0, 10);

export async function seedDemo(api: ServiceApi, data: DemoBusiness, credentials: DemoCredentials): Promise<SeededDemo> {
  const { login, password } = credentials;
  const registered = await api.call<{ businessId: string; userId: string }>('POST', '/auth/register', {
    body: {
      login,
      password,
      businessName: data.businessName,
      name: data.ownerName,
      phoneNumber: data.ownerPhone,
      address: data.address,
    },
  });
  const { access_token: token } = await api.call<{ access_token: string }>('POST', '/auth/login', { body: { login, password } });
  const post = (path: string, body: Record<string, unknown>) => api.call<Created>('POST', path, { token, body });

  const measurements = await createEach(
    data.measurements,
    (name) => post('/measurements/create', { name }),
    (name) => name,
  );
  const warehouses = await createEach(
    data.warehouses,
    (w) => post('/warehouses/create', { name: w.name, location: w.location }),
    (w) => w.key,
  );
  const points = await createEach(
    data.points,
    (p) =>
      post('/business-config/points/create', { name: p.name, default_warehouse_id: must(warehouses, p.warehouse, 'warehouse') }),
    (p) => p.key,
  );
  const workplaces = await createEach(
    data.workplaces,
    (w) => post('/business-config/workplaces/create', { name: w.name, automated_point_id: must(points, w.point, 'point') }),
    (w) => w.key,
  );
  const roles = await createEach(
    data.roles,
    (r) => post('/employee-role/create', { name: r.name, access_resources: r.accessResources }),
    (r) => r.key,
  );

  const employees: SeededEmployee[] = [];
  for (const person of data.employees) {
    const pin = credentials.pins.get(person.key);
    if (pin === undefined) throw new Error(`no PIN for the demo employee "${person.key}"`);
    const role = data.roles.find((candidate) => candidate.key === person.role);
    const workplaceId = person.workplace === null ? null : must(workplaces, person.workplace, 'workplace');
    const created = await post('/employee/create', {
      full_name: person.fullName,
      role_id: must(roles, person.role, 'role'),
      password: pin,
      workplace_id: workplaceId,
      phone_number: person.phone,
    });
    employees.push({
      id: created.id,
      key: person.key,
      fullName: person.fullName,
      pin,
      role: role?.name ?? person.role,
      manager: role?.accessResources.includes(MANAGER_RESOURCE) ?? false,
      workplace: data.workplaces.find((w) => w.key === person.workplace)?.name ?? null,
      workplaceId,
    });
  }

  if (data.cashMethodName !== undefined) {
    const methods = await api.call<{ id: string; kind: string | null }[]>('GET', '/payment-methods/all', { token });
    const cash = methods.find((method) => method.kind === 'CASH');
    if (!cash) throw new Error('the registered business has no cash payment method to rename');
    await api.call('PATCH', `/payment-methods/update/${cash.id}`, { token, body: { name: data.cashMethodName } });
  }
  for (const method of data.paymentMethods) await post('/payment-methods/create', { name: method.name, kind: method.kind });
  // Card payments are confirmed by hand at the till; the device is recorded on the payment (no address: not driven).
  for (const device of data.paymentDevices ?? []) await post('/business-config/payment-devices/create', { name: device.name, provider: device.provider, type: 'card' });
  // The scale-label settings: the service checks them as it stores them (app/base-config/base-config.ts).
  if (data.weightBarcodes) await post('/base-config/create', { key_name: WEIGHT_BARCODES_CONFIG_KEY, key_value: JSON.stringify(data.weightBarcodes) });
  const printerPort = demoPrinterPort();
  for (const printer of data.printers ?? []) await post('/business-config/printers/create', demoPrinterBody(printer, must(points, printer.point, 'point'), printerPort));
  for (const supplier of data.suppliers) {
    await post('/suppliers/create', {
      name: supplier.name,
      description: supplier.description,
      contact_person: supplier.contactPerson,
      phone_number: supplier.phone,
      address: supplier.address,
    });
  }

  // Catalogue entries belong to their venue's point, so the shop's tills list the shop's goods and the café's
  // till the café's menu (app/catalog/visibility.ts).
  const pointOfGroup = new Map(data.itemGroups.map((group) => [group.key, must(points, group.point, 'point')]));
  const groups = await createEach(
    data.itemGroups,
    (g) =>
      post('/item-modifier/item-groups/create', {
        name: g.name,
        measurement: 'dona',
        price: '0',
        type: 'ITEM_GROUP',
        color: g.color,
        id_automated_point: pointOfGroup.get(g.key),
      }),
    (g) => g.key,
  );
  const itemIds = new Map<DemoItem, string>();
  for (const item of data.items) {
    const created = await post('/item-modifier/items/create', {
      name: item.name,
      measurement: item.measurement,
      price: item.price,
      cost: item.cost,
      type: 'ITEM',
      shtrix: item.barcode,
      group_id: must(groups, item.group, 'item group'),
      id_automated_point: must(pointOfGroup, item.group, 'item group'),
    });
    itemIds.set(item, created.id);
  }

  let modifiers = 0;
  for (const group of data.modifierGroups) {
    const point = must(points, group.point, 'point');
    const { id: groupId } = await post('/item-modifier/modifier-groups/create', {
      name: group.name,
      measurement: 'porsiya',
      price: '0',
      type: 'MODIFIER_GROUP',
      id_automated_point: point,
    });
    for (const modifier of group.modifiers) {
      await post('/item-modifier/modifiers/create', {
        name: modifier.name,
        measurement: modifier.measurement,
        price: modifier.price,
        type: 'MODIFIER',
        group_id: groupId,
        id_automated_point: point,
      });
      modifiers += 1;
    }
  }

  let stockRows = 0;
  const dateFrom = today();
  for (const item of data.items) {
    for (const stock of item.stock) {
      await post('/stock-quantity/create', {
        itemId: itemIds.get(item),
        warehouseId: must(warehouses, stock.warehouse, 'warehouse'),
        measureId: must(measurements, item.measurement, 'measurement'),
        stock_quantity: stock.quantity,
        price: item.price,
        dateFrom,
      });
      stockRows += 1;
    }
  }

  let debts = 0;
  for (const client of data.clients) {
    const { id: clientId } = await post('/clients/create', {
      full_name: client.fullName,
      phone_number: client.phone,
      address: client.address,
      credit_limit: client.creditLimit,
    });
    if (client.openingDebt === null) continue;
    // Opening balances are the owner's entry in the back office: the owner is the debt's employee (a user of the
    // business is accepted there, docs/api/clients-and-debts.md).
    await post('/client-debts/create', {
      client_id: clientId,
      debt_amount: client.openingDebt.amount,
      employee_id: registered.userId,
      id_automated_point: must(points, client.openingDebt.point, 'point'),
    });
    debts += 1;
  }

  const workplaceRecords = new Map(
    data.workplaces.map((w) => [w.key, { id: must(workplaces, w.key, 'workplace'), name: w.name, point: w.point }]),
  );
  return {
    businessId: registered.businessId,
    token,
    workplaces: workplaceRecords,
    employees,
    counts: {
      points: data.points.length,
      tills: data.workplaces.length,
      warehouses: data.warehouses.length,
      'item groups': data.itemGroups.length,
      items: data.items.length,
      'modifier groups': data.modifierGroups.length,
      modifiers,
      'stock rows': stockRows,
      suppliers: data.suppliers.length,
      'payment methods': data.paymentMethods.length + 1,
      'payment devices': data.paymentDevices?.length ?? 0,
      clients: data.clients.length,
      'opening debts': debts,
      employees: employees.length,
      printers: data.printers?.length ?? 0,
    },
  };
}

/** The sum of the opening debts as a decimal string, added exactly (in hundredths, never as floats). */
export function openingDebtTotal(data: DemoBusiness): string {
  return formatMoney(
    data.clients.reduce((total, client) => total + (client.openingDebt ? unitsOf(client.openingDebt.amount, MONEY) : 0n), 0n),
  );
}
