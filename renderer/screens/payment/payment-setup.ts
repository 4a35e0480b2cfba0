/**
 * What the payment step reads before the cashier pays, all from the till's own store (offline too): the business's
 * payment methods (cash first, then card, others, and the DEBT ones last), its payment devices with the one this till
 * most likely uses (named like the till, or the only one), the open shift the sale belongs to, and — for a sale with a
 * client — what the client owes now and their credit limit.
 */
import type { Bridge } from '../../bridge.js';
import { loadOpenShift, type OpenShift } from '../../shift/open-shift.js';
import type { SaleDraft } from '../sale/sale-draft.js';
import { unitsOfMoney, type Method, type MethodKind } from './tender.js';

export interface Device {
  readonly id: string;
  readonly name: string;
}

export interface ClientAccount {
  readonly id: string;
  readonly name: string;
  /** Hundredths owed now (0: nothing). */
  readonly balance: bigint;
  /** Hundredths; null: no limit. */
  readonly limit: bigint | null;
}

export interface PaymentSetup {
  readonly methods: readonly Method[];
  readonly devices: readonly Device[];
  /** The device preselected for a card payment, or null. */
  readonly defaultDevice: string | null;
  readonly shift: OpenShift | null;
  readonly account: ClientAccount | null;
}

const ORDER: Record<MethodKind, number> = { CASH: 0, CARD: 1, OTHER: 2, DEBT: 3 };

export function sortMethods(methods: readonly { id: string; name: string; kind?: string | null; is_deleted?: boolean | null }[]): Method[] {
  return methods
    .filter((method) => !method.is_deleted)
    .map((method) => ({ id: method.id, name: method.name, kind: (method.kind && method.kind in ORDER ? method.kind : 'OTHER') as MethodKind }))
    .sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.name.localeCompare(b.name));
}

/** The device named like the till (its name contains the till's or the reverse), else the only one, else none. */
export function deviceForTill(devices: readonly Device[], till: string | null | undefined): string | null {
  const name = (till ?? '').trim().toLowerCase();
  if (name !== '') {
    const named = devices.find((device) => {
      const own = device.name.trim().toLowerCase();
      return own !== '' && (own.includes(name) || name.includes(own));
    });
    if (named) return named.id;
  }
  return devices.length === 1 ? devices[0]!.id : null;
}

async function clientAccount(bridge: Bridge, client: SaleDraft['client']): Promise<ClientAccount | null> {
  if (!client) return null;
  const [record, debts] = await Promise.all([
    bridge.run('ClientController_findOne', { params: { id: client.id } }),
    bridge.run('ClientDebtController_findAllDebts'),
  ]);
  const debt = debts.find((entry) => entry.client_id === client.id && !entry.is_deleted);
  const limit = record.credit_limit ?? null;
  return {
    id: client.id,
    name: record.full_name || client.name,
    balance: debt ? unitsOfMoney(debt.debt_amount) : 0n,
    limit: limit === null ? null : unitsOfMoney(limit),
  };
}

export async function loadPaymentSetup(bridge: Bridge, draft: SaleDraft): Promise<PaymentSetup> {
  const [methods, devices, identity, shift, account] = await Promise.all([
    bridge.run('PaymentMethodController_findAll'),
    bridge.run('BusinessController_findAllPaymentDevices').catch(() => []),
    bridge.terminal('terminal.enrollmentStatus').catch(() => ({ till: null })),
    loadOpenShift(bridge, draft.order.workplace_id),
    clientAccount(bridge, draft.client),
  ]);
  const liveDevices = devices.filter((device) => !device.is_deleted).map((device) => ({ id: device.id, name: device.name }));
  return {
    methods: sortMethods(methods),
    devices: liveDevices,
    defaultDevice: deviceForTill(liveDevices, identity.till),
    shift,
    account,
  };
}
