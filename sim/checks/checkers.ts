/**
 * The checkers (research §7.4), run over the state read after the faults healed and every terminal drained.
 * Each answers PASS, FAIL (with the first few counterexamples) or N/A (the property does not exist in the
 * protocol under test: the naive adapter has no operation log, so there is no order or ack to check).
 */
import { CAPTURED_TABLES } from '../../db/change-capture.js';
import { derivedIds } from '../../app/sync/derived-ids.js';
import { MONEY, QUANTITY, unitsOf } from '../../shared/decimal.js';
import type { HistoryEvent, InvokeEvent, OkEvent } from '../history.js';
import { LWW_FIELDS, OPENING_STOCK } from '../world.js';
import type { CheckInput, Row, ServerMutation, TerminalState } from './collect.js';
import { disastersReported } from './disasters.js';
import type { CheckResult } from './result.js';
import { countedPairs, effectsOf, stockKey, touchedKeys, type ModelLookups } from './effects.js';

export type { CheckResult } from './result.js';

const MAX_DETAILS = 8;

function verdict(name: string, problems: string[], summary: string): CheckResult {
  return {
    name,
    status: problems.length === 0 ? 'PASS' : 'FAIL',
    summary: problems.length === 0 ? summary : `${problems.length} violation(s); ${summary}`,
    details: problems.slice(0, MAX_DETAILS),
  };
}

const notApplicable = (name: string, why: string): CheckResult => ({ name, status: 'N/A', summary: why, details: [] });

/** The cashier operations a terminal committed locally, each with whether a restore legitimately lost it. */
export interface LocalOperation {
  readonly event: OkEvent;
  /** Committed after the copy a later restore put back: the restored database never had it. */
  readonly restoreLost: boolean;
}

export function localOperations(history: readonly HistoryEvent[]): LocalOperation[] {
  const snapshots = new Map<string, number>();
  const lostRanges: [number, number][] = [];
  history.forEach((event, position) => {
    if (event.k === 'snapshot') snapshots.set(event.file, position);
    if (event.k === 'restored') {
      const from = snapshots.get(event.file);
      if (from !== undefined) lostRanges.push([from, position]);
    }
  });
  const operations: LocalOperation[] = [];
  history.forEach((event, position) => {
    if (event.k === 'ok') operations.push({ event, restoreLost: lostRanges.some(([from, to]) => position > from && position < to) });
  });
  return operations;
}

/** Invocations with no outcome (the process died between invoke and commit report), per terminal. */
export function indeterminate(history: readonly HistoryEvent[]): InvokeEvent[] {
  const open = new Map<number, InvokeEvent>();
  const result: InvokeEvent[] = [];
  const flush = () => {
    result.push(...open.values());
    open.clear();
  };
  for (const event of history) {
    if (event.k === 'start') flush();
    if (event.k === 'invoke') open.set(event.i, event);
    if (event.k === 'ok' || event.k === 'refused') open.delete(event.i);
  }
  flush();
  return result;
}

const live = (row: Row) => row.is_deleted === '0';

/**
 * The back office's requests a restore of the service took back (made between its backup and its restore: the
 * database they changed was replaced), by their index in its events. Tills' operations are never in this: they are
 * sent again from the tills' journals, and must be applied.
 */
export function lostToServiceRestore(input: CheckInput): (index: number) => boolean {
  const ranges = input.disasters.flatMap((record) => (record.kind === 'restore-service' ? [record.backOfficeLost] : []));
  return (index) => ranges.some(([from, to]) => index >= from && index < to);
}

function lookups(input: CheckInput): ModelLookups {
  const levels = new Map((input.server.tables.get('stock_levels') ?? []).map((row) => [row.id!, { itemId: row.item_id!, warehouseId: row.warehouse_id! }]));
  const debts = new Map((input.server.tables.get('client_debts') ?? []).map((row) => [row.id!, row.client_id!]));
  return {
    warehouseOfPoint: (pointId) => input.world.points.find((point) => point.id === pointId)?.warehouseId ?? null,
    levelPair: (id) => levels.get(id) ?? null,
    clientOfDebt: (id) => debts.get(id) ?? null,
    isDebtMethod: (id) => id === input.world.debtMethodId,
  };
}

/** C1/C2 (ledger): every level equals the sum of its stock moves; every debt balance the sum of its entries. */
export function conservationLedger(input: CheckInput): CheckResult {
  const problems: string[] = [];
  const moves = new Map<string, bigint>();
  for (const move of input.server.moveIds) moves.set(stockKey(move.warehouseId, move.itemId), (moves.get(stockKey(move.warehouseId, move.itemId)) ?? 0n) + move.delta);
  const levels = input.server.tables.get('stock_levels') ?? [];
  const seen = new Set<string>();
  for (const level of levels) {
    const key = stockKey(level.warehouse_id!, level.item_id!);
    seen.add(key);
    const sum = moves.get(key) ?? 0n;
    if (BigInt(level.quantity!) !== sum) problems.push(`stock ${key}: level ${level.quantity} ≠ Σ moves ${sum}`);
  }
  for (const [key, sum] of moves) if (!seen.has(key) && sum !== 0n) problems.push(`stock ${key}: no level row, Σ moves ${sum}`);
  const txns = new Map<string, bigint>();
  for (const txn of input.server.txnIds) txns.set(txn.clientId, (txns.get(txn.clientId) ?? 0n) + txn.amount);
  const debts = input.server.tables.get('client_debts') ?? [];
  const debtSeen = new Set<string>();
  for (const debt of debts) {
    debtSeen.add(debt.client_id!);
    const sum = txns.get(debt.client_id!) ?? 0n;
    if (BigInt(debt.debt_amount!) !== sum) problems.push(`debt of client ${debt.client_id}: balance ${debt.debt_amount} ≠ Σ entries ${sum}`);
  }
  for (const [client, sum] of txns) if (!debtSeen.has(client) && sum !== 0n) problems.push(`debt of client ${client}: no balance row, Σ entries ${sum}`);
  return verdict('conservation (ledger)', problems, `${levels.length} stock levels = Σ of ${input.server.moveIds.length} moves; ${debts.length} debt balances = Σ of ${input.server.txnIds.length} entries`);
}

/**
 * C1/C2 (model): opening stock + the effects of every operation that took effect (computed from what was asked,
 * ./effects.ts) + the back office's = what the service holds, for every pair and client not made uncertain by an
 * indeterminate request. Under our protocol "took effect" is "applied" in the service's operation log (every
 * locally committed operation must be there or in the inbox — the no-loss check); the naive protocol has no such
 * log, so every operation the tills committed is expected to count.
 */
export function conservationModel(input: CheckInput): CheckResult {
  const find = lookups(input);
  const expectedStock = new Map<string, bigint>();
  const expectedDebt = new Map<string, bigint>();
  const uncertain = new Set<string>();
  const warehouses = [input.world.centralWarehouseId, ...input.world.points.map((point) => point.warehouseId)];
  for (const warehouseId of warehouses) {
    for (const itemId of [...input.world.hotItems, ...input.world.coldItems]) expectedStock.set(stockKey(warehouseId, itemId), unitsOf(OPENING_STOCK, QUANTITY));
    for (const itemId of input.world.countItems) uncertain.add(stockKey(warehouseId, itemId));
  }
  const apply = (name: string, params: Record<string, string>, args: any, basis: string | null) => {
    if (name === 'InventoryController_create') for (const key of countedPairs(args)) uncertain.add(key);
    const effects = effectsOf(name, params, args, basis, find);
    for (const [key, delta] of effects.stock) expectedStock.set(key, (expectedStock.get(key) ?? 0n) + delta);
    for (const [key, delta] of effects.debt) expectedDebt.set(key, (expectedDebt.get(key) ?? 0n) + delta);
  };
  const markUncertain = (name: string, params: Record<string, string>, args: any) => {
    const touched = touchedKeys(name, params, args, find);
    for (const key of touched.stock) uncertain.add(key);
    for (const key of touched.debt) uncertain.add(`debt|${key}`);
  };
  let counted = 0;
  if (input.protocol === 'core') {
    for (const mutation of input.server.mutations) {
      if (mutation.status !== 'applied') continue;
      counted += 1;
      apply(mutation.name, mutation.args.params ?? {}, mutation.args.args, mutation.args.basis?.value ?? null);
    }
  } else {
    for (const terminal of input.terminals) {
      for (const operation of localOperations(terminal.history)) {
        if (operation.restoreLost) {
          markUncertain(operation.event.name, operation.event.params, operation.event.body);
          continue;
        }
        counted += 1;
        apply(operation.event.name, operation.event.params, operation.event.body, operation.event.basis);
      }
      // Killed between invoking and reporting: committed or not, nobody knows — its pairs are left out.
      for (const open of indeterminate(terminal.history)) markUncertain(open.name, open.params, open.body);
    }
  }
  const lost = lostToServiceRestore(input);
  let officeLost = 0;
  for (const [index, event] of input.backOffice.entries()) {
    if (event.outcome === 'refused') continue;
    if (lost(index)) {
      officeLost += 1;
      continue;
    }
    if (event.outcome === 'unknown') markUncertain(event.name, {}, event.body);
    else apply(event.name, {}, event.body, null);
  }
  const problems: string[] = [];
  const actualStock = new Map((input.server.tables.get('stock_levels') ?? []).map((row) => [stockKey(row.warehouse_id!, row.item_id!), BigInt(row.quantity!)]));
  let stockChecked = 0;
  for (const [key, expected] of expectedStock) {
    if (uncertain.has(key)) continue;
    stockChecked += 1;
    const actual = actualStock.get(key) ?? 0n;
    if (actual !== expected) problems.push(`stock ${key}: expected ${expected}, the service holds ${actual} (${actual - expected > 0n ? '+' : ''}${actual - expected})`);
  }
  const actualDebt = new Map((input.server.tables.get('client_debts') ?? []).map((row) => [row.client_id!, BigInt(row.debt_amount!)]));
  let debtChecked = 0;
  for (const client of new Set([...expectedDebt.keys(), ...actualDebt.keys()])) {
    if (uncertain.has(`debt|${client}`)) continue;
    debtChecked += 1;
    const expected = expectedDebt.get(client) ?? 0n;
    const actual = actualDebt.get(client) ?? 0n;
    if (actual !== expected) problems.push(`debt of ${client}: expected ${expected}, the service holds ${actual} (${actual - expected > 0n ? '+' : ''}${actual - expected})`);
  }
  return verdict(
    'conservation (model)',
    problems,
    `${stockChecked} stock pairs and ${debtChecked} client balances match opening + ${counted} operations + back office (${uncertain.size} left out as uncertain` +
      `${officeLost > 0 ? `; ${officeLost} office requests taken back by a restore of the service` : ''})`,
  );
}

/** C3: each mutationId applied at most once; each applied operation's ledger entries posted exactly once. */
export function exactlyOnce(input: CheckInput): CheckResult {
  if (input.protocol !== 'core') {
    return notApplicable('exactly-once', 'the naive protocol upserts whole rows by id and posts no ledger entries: a double effect can only show as wrong sums (conservation)');
  }
  const problems: string[] = [];
  const byId = new Map<string, ServerMutation[]>();
  for (const mutation of input.server.mutations) byId.set(mutation.mutationId, [...(byId.get(mutation.mutationId) ?? []), mutation]);
  for (const [id, list] of byId) if (list.length > 1) problems.push(`mutation ${id} recorded ${list.length} times (${list.map((m) => `${m.epoch}#${m.seq}`).join(', ')})`);
  const owner = new Map<string, ServerMutation>();
  for (const mutation of input.server.mutations) {
    if (!mutation.occurredAt) continue;
    const next = derivedIds(mutation.mutationId, mutation.occurredAt);
    for (let index = 0; index < 64; index += 1) owner.set(next(), mutation);
  }
  const entries = new Map<string, number>();
  for (const row of [...input.server.moveIds, ...input.server.txnIds]) {
    const mutation = owner.get(row.id);
    if (mutation) entries.set(mutation.mutationId, (entries.get(mutation.mutationId) ?? 0) + 1);
  }
  const find = lookups(input);
  let checked = 0;
  for (const mutation of input.server.mutations) {
    const posted = entries.get(mutation.mutationId) ?? 0;
    if (mutation.status !== 'applied') {
      if (posted > 0) problems.push(`${mutation.name} ${mutation.mutationId} was rejected but posted ${posted} ledger entries`);
      continue;
    }
    const effects = effectsOf(mutation.name, mutation.args.params ?? {}, mutation.args.args, mutation.args.basis?.value ?? null, find);
    checked += 1;
    if (effects.atMost ? posted > effects.entries : posted !== effects.entries) {
      problems.push(`${mutation.name} ${mutation.mutationId} (${mutation.epoch}#${mutation.seq}) posted ${posted} ledger entries, expected ${effects.atMost ? 'at most ' : ''}${effects.entries}`);
    }
  }
  return verdict('exactly-once', problems, `${input.server.mutations.length} operations recorded once each; ledger entries of ${checked} applied operations counted`);
}

/** C4: per (terminal, epoch) the service's seqs are 1..k without gaps, k is its last applied seq, versions never go back. */
export function perTerminalOrder(input: CheckInput): CheckResult {
  if (input.protocol !== 'core') return notApplicable('per-terminal order', 'the naive protocol has no operation sequence');
  const problems: string[] = [];
  const groups = new Map<string, ServerMutation[]>();
  for (const mutation of input.server.mutations) groups.set(`${mutation.terminalId}/${mutation.epoch}`, [...(groups.get(`${mutation.terminalId}/${mutation.epoch}`) ?? []), mutation]);
  for (const [key, list] of groups) {
    list.sort((a, b) => a.seq - b.seq);
    list.forEach((mutation, index) => {
      if (mutation.seq !== index + 1) problems.push(`${key}: seq ${mutation.seq} at position ${index + 1}`);
      const previous = list[index - 1];
      if (previous && previous.version !== null && mutation.version !== null && mutation.version < previous.version) {
        problems.push(`${key}: seq ${mutation.seq} applied at version ${mutation.version}, before seq ${previous.seq} (${previous.version})`);
      }
    });
    const [terminalId, epoch] = key.split('/');
    const client = input.server.clients.find((row) => row.terminalId === terminalId && row.epoch === epoch);
    if (!client || client.lastAppliedSeq !== list.length) problems.push(`${key}: last applied seq ${client?.lastAppliedSeq ?? 'missing'}, ${list.length} operations recorded`);
  }
  return verdict('per-terminal order', problems, `${groups.size} (terminal, epoch) queues gap-free`);
}

/** C5 (I4): no pull left an acknowledged operation in the outbox, and no terminal ends holding one. */
export function ackConsistency(input: CheckInput): CheckResult {
  if (input.protocol !== 'core') return notApplicable('ack consistency', 'the naive protocol has no acknowledgements');
  const problems: string[] = [];
  for (const terminal of input.terminals) {
    for (const event of terminal.history) {
      if (event.k === 'ack-violation') problems.push(`${terminal.seat.name}: after a pull acknowledging ${event.epoch}#${event.ackSeq}, the outbox still held seq ${event.seqs.join(', ')}`);
    }
    for (const row of terminal.outbox) {
      const client = input.server.clients.find((candidate) => candidate.terminalId === terminal.terminalId && candidate.epoch === row.epoch);
      if (client && Number(row.seq) <= client.lastAppliedSeq) problems.push(`${terminal.seat.name}: outbox holds ${row.epoch}#${row.seq}, the service applied up to ${client.lastAppliedSeq}`);
    }
  }
  return verdict('ack consistency', problems, `checked after every completed sync cycle of ${input.terminals.length} terminals and at the end`);
}

/** The rows of `table` in the terminal's scope (the capture's scope rule). */
function inScope(input: CheckInput, terminal: TerminalState, table: string, rows: Row[]): Row[] {
  const rule = CAPTURED_TABLES[table]!;
  if (rule.kind === 'business') return rows;
  if (rule.kind === 'column') return rows.filter((row) => row[rule.column] === (rule.prefix === 'wh' ? terminal.seat.warehouseId : terminal.seat.pointId));
  const orders = new Set((input.server.tables.get('orders') ?? []).filter((row) => row.automated_point_id === terminal.seat.pointId).map((row) => row.id));
  return rows.filter((row) => orders.has(row.order_id ?? null));
}

const canonical = (row: Row, columns: readonly string[]) => JSON.stringify(columns.map((column) => row[column] ?? null));

/** C6 (I6): every terminal's live rows of every mirrored table equal the service's live rows in its scope. */
export function convergence(input: CheckInput): CheckResult {
  const problems: string[] = [];
  let compared = 0;
  for (const terminal of input.terminals) {
    for (const table of Object.keys(CAPTURED_TABLES)) {
      const columns = terminal.columns.get(table) ?? [];
      const server = new Map(inScope(input, terminal, table, input.server.tables.get(table) ?? []).filter(live).map((row) => [row.id!, row]));
      // The naive protocol pulls the whole business (as the reference did): only its rows in scope are compared.
      const held = terminal.tables.get(table) ?? [];
      const local = new Map((input.protocol === 'core' ? held : inScope(input, terminal, table, held)).filter(live).map((row) => [row.id!, row]));
      const missing = [...server.keys()].filter((id) => !local.has(id));
      const extra = [...local.keys()].filter((id) => !server.has(id));
      const different = [...server.keys()].filter((id) => local.has(id) && canonical(server.get(id)!, columns) !== canonical(local.get(id)!, columns));
      compared += server.size;
      if (missing.length + extra.length + different.length === 0) continue;
      const example = different[0];
      const diff = example ? columns.filter((column) => (server.get(example)![column] ?? null) !== (local.get(example)![column] ?? null)).map((column) => `${column}: service ${server.get(example)![column]} / till ${local.get(example)![column]}`) : [];
      problems.push(
        `${terminal.seat.name} ${table}: ${missing.length} missing, ${extra.length} extra, ${different.length} different` +
          (missing[0] ? `; e.g. missing ${missing[0]}` : '') +
          (extra[0] ? `; e.g. extra ${extra[0]}` : '') +
          (example ? `; e.g. ${example} ${diff.join(', ')}` : ''),
      );
    }
  }
  return verdict('convergence', problems, `${compared} live rows in scope compared across ${input.terminals.length} terminals and ${Object.keys(CAPTURED_TABLES).length} tables`);
}

/** Operations whose first derived id names the record they create. */
const CREATES = new Set([
  'OrderController_create',
  'ClientDebtController_createTransaction',
  'WriteOffController_create',
  'ReceiptController_create',
  'MovementController_create',
  'InventoryController_create',
  'ClientController_create',
]);

/**
 * C8: every operation a till committed locally is applied on the service, or rejected and waiting in that till's
 * inbox with its payload — except those a restore of the till's own database legitimately lost (committed after
 * the copy that was put back and never pushed before it), which are counted and listed apart. A restore of the
 * service's database excuses nothing: each operation it held when stopped and the restored database lacked must be
 * held again at the end (the tills send it again from their journals) — unless it had been rejected (it changed
 * nothing; it waits in its till's inbox) or its till's own restore took it too.
 */
export function noSilentLoss(input: CheckInput): CheckResult {
  const problems: string[] = [];
  let applied = 0;
  let rejected = 0;
  let restoreLost = 0;
  let unverifiable = 0;
  const mutations = new Map(input.server.mutations.map((mutation) => [mutation.mutationId, mutation]));
  const allIds = new Set<string>();
  if (input.protocol !== 'core') for (const rows of input.server.tables.values()) for (const row of rows) allIds.add(row.id!);
  for (const terminal of input.terminals) {
    const inbox = new Map(terminal.inbox.map((row) => [row.mutation_id!, row]));
    const outbox = new Set(terminal.outbox.map((row) => row.mutation_id));
    for (const { event, restoreLost: lostByRestore } of localOperations(terminal.history)) {
      if (input.protocol !== 'core') {
        if (!CREATES.has(event.name)) {
          unverifiable += 1;
          continue;
        }
        const next = derivedIds(event.mutationId, event.occurredAt);
        const present = [next(), next(), next()].some((id) => allIds.has(id));
        if (present) applied += 1;
        else if (lostByRestore) restoreLost += 1;
        else problems.push(`${terminal.seat.name}: ${event.name} ${event.mutationId} (committed at ${event.occurredAt}) never reached the service`);
        continue;
      }
      const mutation = mutations.get(event.mutationId);
      if (mutation?.status === 'applied') applied += 1;
      // Rejected, and still in the inbox: also when a restore of the service forgot it (it changed nothing, and is
      // not sent again).
      else if ((mutation?.status === 'rejected' || !mutation) && inbox.has(event.mutationId)) rejected += 1;
      else if (lostByRestore) restoreLost += 1;
      else if (mutation?.status === 'rejected') problems.push(`${terminal.seat.name}: ${event.name} ${event.mutationId} was rejected (${mutation.result}) but is not in the till's inbox`);
      else if (outbox.has(event.mutationId)) problems.push(`${terminal.seat.name}: ${event.name} ${event.mutationId} is still queued after the drain`);
      else problems.push(`${terminal.seat.name}: ${event.name} ${event.mutationId} (seq ${event.epoch}#${event.seq}) is neither applied nor in the inbox: silently lost`);
    }
  }
  let back = 0;
  let lostCount = 0;
  if (input.protocol === 'core') {
    const inboxes = new Set(input.terminals.flatMap((terminal) => terminal.inbox.map((row) => row.mutation_id)));
    const tillRestoreLost = new Set(input.terminals.flatMap((terminal) => localOperations(terminal.history).filter((operation) => operation.restoreLost).map((operation) => operation.event.mutationId)));
    for (const record of input.disasters) {
      if (record.kind !== 'restore-service') continue;
      for (const id of record.lostMutations) {
        lostCount += 1;
        if (mutations.has(id)) back += 1;
        else if (!inboxes.has(id) && !tillRestoreLost.has(id)) problems.push(`operation ${id}: the service held it before it was restored (${record.method}) and does not hold it now`);
      }
    }
  }
  const tail = input.protocol === 'core' ? `${rejected} rejected and in the inbox` : `${unverifiable} edits not verifiable by id`;
  const serviceRestores = lostCount > 0 ? `; of ${lostCount} operations a restore of the service took back, ${back} applied again` : '';
  return verdict('no silent loss', problems, `${applied} applied, ${tail}, ${restoreLost} lost by a restore of the till (committed after the copy put back, and not on the service)${serviceRestores}`);
}

const sameValue = (field: string, a: string | null, b: string | null) => {
  if (a === null || b === null) return a === b;
  return field === 'cost' ? unitsOf(a, MONEY) === BigInt(b) || unitsOf(b, MONEY) === BigInt(a) || a === b : a === b;
};

/** How a value written through the API is stored (cost is money: scaled units). */
const stored = (field: string, value: string) => (field === 'cost' ? String(unitsOf(value, MONEY)) : value);

/**
 * C9: terminals edit different fields of the same items (each terminal its own field), concurrently and
 * offline. Every field must end with the last value its only writer gave it — no whole-row write may carry
 * another till's stale value of a field it did not edit.
 */
export function fieldLww(input: CheckInput): CheckResult {
  const problems: string[] = [];
  let checked = 0;
  const items = new Map((input.server.tables.get('items') ?? []).map((row) => [row.id!, row]));
  for (const terminal of input.terminals) {
    const field = terminal.seat.lwwField;
    if (!field) continue;
    for (const itemId of input.world.lwwItems) {
      const writes = localOperations(terminal.history).filter(
        (operation) => operation.event.name === 'ItemModifierController_updateItem' && operation.event.params.id === itemId && field in (operation.event.body as object),
      );
      if (writes.length === 0) continue;
      let acceptable: string[];
      if (input.protocol === 'core') {
        const applied = input.server.mutations
          .filter((mutation) => mutation.status === 'applied' && mutation.name === 'ItemModifierController_updateItem' && mutation.args.params?.id === itemId && field in (mutation.args.args ?? {}))
          .filter((mutation) => mutation.terminalId === terminal.terminalId)
          .sort((a, b) => (a.version! < b.version! ? -1 : a.version! > b.version! ? 1 : a.seq - b.seq));
        const last = applied[applied.length - 1];
        if (!last) continue;
        acceptable = [String(last.args.args[field])];
      } else {
        const kept = writes.filter((write) => !write.restoreLost);
        const lastKept = kept[kept.length - 1];
        acceptable = [...(lastKept ? [lastKept] : []), ...writes.filter((write) => write.restoreLost && (!lastKept || write.event.t > lastKept.event.t))].map((write) => String((write.event.body as Record<string, unknown>)[field]));
      }
      checked += 1;
      const actual = items.get(itemId)?.[field] ?? null;
      if (!acceptable.some((value) => sameValue(field, stored(field, value), actual))) {
        problems.push(`item ${itemId} ${field}: the service holds ${JSON.stringify(actual)}, its only writer ${terminal.seat.name} last wrote ${JSON.stringify(acceptable[0])}`);
      }
      for (const other of input.terminals) {
        const copy = (other.tables.get('items') ?? []).find((row) => row.id === itemId)?.[field] ?? null;
        if (!acceptable.some((value) => sameValue(field, stored(field, value), copy))) {
          problems.push(`item ${itemId} ${field} on ${other.seat.name}: ${JSON.stringify(copy)}, its only writer ${terminal.seat.name} last wrote ${JSON.stringify(acceptable[0])}`);
        }
      }
    }
  }
  return verdict('field-level LWW', problems, `${checked} (item, field) pairs written by ${input.terminals.filter((t) => t.seat.lwwField).length} terminals (fields ${LWW_FIELDS.slice(0, input.terminals.length).join(', ')})`);
}

/** C10: a row deleted (by the back office or a till, successfully) stays deleted on the service and every terminal. */
export function noResurrection(input: CheckInput): CheckResult {
  const problems: string[] = [];
  const deleted = new Map<string, string>();
  const lost = lostToServiceRestore(input);
  for (const [index, event] of input.backOffice.entries()) {
    if (event.outcome === 'ok' && event.id && /_remove/.test(event.name) && !lost(index)) deleted.set(event.id, event.name === 'ClientController_remove' ? 'clients' : 'items');
  }
  // Deletes done at the tills: applied ones under our protocol; under the naive one, every delete a till committed
  // (and did not lose to a restore) was pushed as a deleted row.
  for (const mutation of input.server.mutations) {
    if (mutation.status === 'applied' && mutation.name === 'ItemModifierController_removeItem' && mutation.args.params?.id) deleted.set(mutation.args.params.id, 'items');
  }
  if (input.protocol !== 'core') {
    for (const terminal of input.terminals) {
      for (const { event, restoreLost } of localOperations(terminal.history)) {
        if (!restoreLost && event.name === 'ItemModifierController_removeItem' && event.params.id) deleted.set(event.params.id, 'items');
      }
    }
  }
  for (const [id, table] of deleted) {
    const row = (input.server.tables.get(table) ?? []).find((candidate) => candidate.id === id);
    if (row && live(row)) problems.push(`${table} ${id}: deleted, but live again on the service`);
  }
  let tombstones = 0;
  for (const table of Object.keys(CAPTURED_TABLES)) {
    for (const row of input.server.tables.get(table) ?? []) {
      if (live(row)) continue;
      tombstones += 1;
      for (const terminal of input.terminals) {
        const copy = (terminal.tables.get(table) ?? []).find((candidate) => candidate.id === row.id);
        if (copy && live(copy)) problems.push(`${table} ${row.id}: deleted on the service, live on ${terminal.seat.name}`);
      }
    }
  }
  return verdict('no resurrection', problems, `${deleted.size} deletes from the history, ${tombstones} tombstones checked on every terminal`);
}

/** C12: after the faults healed, every terminal emptied its outbox within the bound and pulled to the head. */
export function liveness(input: CheckInput): CheckResult {
  const problems: string[] = [];
  for (const entry of input.liveness) {
    if (!entry.drained) problems.push(`${entry.seat}: ${entry.pending} operations still queued after ${entry.ms} ms (bound ${input.drainBoundMs} ms; last error: ${entry.lastError ?? 'none'})`);
    if (!entry.pulled) problems.push(`${entry.seat}: could not pull to the head after the drain`);
  }
  for (const crash of input.crashes) problems.push(crash);
  const slowest = Math.max(0, ...input.liveness.map((entry) => entry.ms));
  return verdict('liveness', problems, `every outbox drained within ${slowest} ms (bound ${input.drainBoundMs} ms), no process died unasked`);
}

export function runCheckers(input: CheckInput): CheckResult[] {
  return [conservationLedger, conservationModel, exactlyOnce, perTerminalOrder, ackConsistency, convergence, noSilentLoss, fieldLww, noResurrection, liveness, disastersReported].map((check) =>
    check(input),
  );
}
