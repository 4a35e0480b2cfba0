/**
 * Client debts: one record per client holding its balance, and the ledger of entries that make it up (see
 * ./ledger.ts and docs/api/clients-and-debts.md for the sign convention and the decisions taken here).
 */
import type {
  CreateClientDebtDto,
  CreateClientDebtTransactionDto,
  FindAllDebtTransactionsQuery,
  UpdateClientDebtDto,
} from '../../shared/catalogue/client-debt.js';
import { formatMoney, type Money } from '../../shared/decimal.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';
import { liveRowsNewestFirst } from '../resources/newest-first.js';
import { handler } from '../operation.js';
import { commonWire } from '../resources/simple-resource.js';
import { lockLiveDebt, openDebt, postDebtEntry, settleDebt, type DebtEntryRow, type DebtRow } from './ledger.js';
import { checkDebtReferences, withTillPoint } from './references.js';
import { checkRepaymentMethod } from './repayment-method.js';

function debtWire(row: DebtRow) {
  return {
    ...commonWire(row),
    client_id: row.client_id,
    debt_amount: formatMoney(BigInt(row.debt_amount)),
    employee_id: row.employee_id,
    id_automated_point: row.id_automated_point,
  };
}

/** An entry as the reference's transaction record, plus `debt_id` and `kind` so the history explains itself. */
function entryWire(row: DebtEntryRow) {
  // Spelled out rather than spread from commonWire: built for every credit sale, twice over with its audit entry.
  return {
    id: row.id,
    is_deleted: Number(row.is_deleted) !== 0,
    dt_created: row.dt_created,
    dt_updated: row.dt_updated,
    client_id: row.client_id,
    debt_id: row.debt_id,
    debt_amount: formatMoney(BigInt(row.amount)),
    kind: row.kind,
    employee_id: row.employee_id,
    id_automated_point: row.id_automated_point,
    signature_url: row.signature_url ?? null,
    payment_type_id: row.payment_type_id ?? null,
  };
}

const debtNotFound = (id: string) => notFound(`Debt with ID ${id} not found`);

async function createDebt(db: Db, sent: CreateClientDebtDto, ctx: OperationContext) {
  const body = withTillPoint(ctx, sent);
  await checkDebtReferences(db, ctx, body);
  const opened = await openDebt(db, ctx, {
    clientId: body.client_id,
    amount: body.debt_amount,
    kind: 'opening',
    employeeId: body.employee_id,
    pointId: body.id_automated_point,
  });
  if (!opened) {
    throw conflict(`Client with ID ${body.client_id} already has a debt: record credit sales and repayments as transactions`);
  }
  return debtWire(opened.debt);
}

async function findAllDebts(db: Db, ctx: OperationContext) {
  const rows = await liveRowsNewestFirst(db, ctx, 'client_debts').execute();
  return rows.map(debtWire);
}

async function findOneDebt(db: Db, id: string, ctx: OperationContext) {
  const row = await db
    .selectFrom('client_debts')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw debtNotFound(id);
  return debtWire(row);
}

/**
 * An absolute `debt_amount` becomes an 'adjustment' entry of (new − current); `is_deleted: true` writes the
 * debt off exactly like removeDebt; `is_deleted: false` on a live record changes nothing.
 */
async function updateDebt(db: Db, id: string, body: UpdateClientDebtDto, ctx: OperationContext) {
  const target = body.debt_amount ?? undefined;
  if (body.is_deleted === true && target !== undefined) {
    throw badRequest(['is_deleted cannot be combined with debt_amount: a written-off debt is brought to 0']);
  }
  const locked = await lockLiveDebt(db, ctx, id);
  if (!locked) throw debtNotFound(id);
  if (body.is_deleted === true)
    return debtWire(await settleDebt(db, ctx, locked, { target: 0n as Money, kind: 'write_off', deleted: true }));
  if (target === undefined) return debtWire(locked);
  // Replayed from a terminal's queue with a basis (the balance the user saw), the entry is (target − seen), so
  // entries that reached the service meanwhile are kept (docs/sync.md, "Absolute edits become differences").
  const goal = ctx.basis ? ((BigInt(locked.debt_amount) + target - ctx.basis.value) as Money) : target;
  return debtWire(await settleDebt(db, ctx, locked, { target: goal, kind: 'adjustment', deleted: false }));
}

/** Writing a debt off: a 'write_off' entry brings the balance to 0 and the record is soft-deleted; history stays. */
async function removeDebt(db: Db, id: string, ctx: OperationContext) {
  const locked = await lockLiveDebt(db, ctx, id);
  if (!locked) throw debtNotFound(id);
  return debtWire(await settleDebt(db, ctx, locked, { target: 0n as Money, kind: 'write_off', deleted: true }));
}

const CREDIT_SALE_AUDIT = { type: 'SYSTEM', action: 'CREATE_CLIENT_DEBT_TRANSACTION' } as const;

/**
 * A credit sale or repayment. It writes its own audit entry, which names the entry's debt: the ledger posts the
 * entry and the audit entry together (ledger.ts, postDebtEntry — on PostgreSQL in one statement where it can).
 * The references are checked by the append itself, and named in a 400 when one fails.
 */
async function createTransaction(db: Db, sent: CreateClientDebtTransactionDto, ctx: OperationContext) {
  const body = withTillPoint(ctx, sent);
  const entry = {
    clientId: body.client_id,
    amount: body.debt_amount,
    kind: 'transaction',
    employeeId: body.employee_id,
    pointId: body.id_automated_point,
    signatureUrl: body.signature_url ?? null,
    paymentTypeId: body.payment_type_id ?? null,
  } as const;
  // Checked apart from the other references (which the append checks in its own statement): only repayments have it.
  if (entry.paymentTypeId !== null) await checkRepaymentMethod(db, ctx, entry.paymentTypeId, entry.amount);
  // The entry takes the operation's first id and a record created for the client its second, on every path.
  const entryId = ctx.newId();
  const recordId = ctx.newId();
  // The audit entry records the answer itself: built once for both when they are the same row (on PostgreSQL's
  // one-statement path the audit sees the entry before its debt is known, and the answer is built again).
  let answered: { row: DebtEntryRow; wire: ReturnType<typeof entryWire> } | undefined;
  const answerOf = (row: DebtEntryRow) => {
    if (answered?.row !== row) answered = { row, wire: entryWire(row) };
    return answered.wire;
  };
  const posted = await postDebtEntry(db, ctx, entry, {
    references: body,
    entryId,
    recordId,
    audit: (row) => ({ ...CREDIT_SALE_AUDIT, record: answerOf(row) }),
  });
  return answerOf(posted.entry);
}

/** Every entry of the ledger (all kinds, written-off debts included), newest first; their sum is the balance. */
async function findAllTransactions(db: Db, query: FindAllDebtTransactionsQuery, ctx: OperationContext) {
  let select = liveRowsNewestFirst(db, ctx, 'client_debt_txns');
  if (query.client_id) select = select.where('client_id', '=', query.client_id);
  const rows = await select.execute();
  return rows.map(entryWire);
}

export const clientDebtHandlers = [
  handler('ClientDebtController_createDebt', (db, { body }, ctx) => createDebt(db, body, ctx), {
    audit: { type: 'SYSTEM', action: 'CREATE_CLIENT_DEBT' },
  }),
  handler('ClientDebtController_findAllDebts', (db, _input, ctx) => findAllDebts(db, ctx)),
  handler('ClientDebtController_findOneDebt', (db, { params }, ctx) => findOneDebt(db, params.id ?? '', ctx)),
  handler('ClientDebtController_updateDebt', (db, { params, body }, ctx) => updateDebt(db, params.id ?? '', body, ctx), {
    audit: { type: 'SYSTEM', action: 'UPDATE_CLIENT_DEBT' },
  }),
  handler('ClientDebtController_removeDebt', (db, { params }, ctx) => removeDebt(db, params.id ?? '', ctx), {
    audit: { type: 'SYSTEM', action: 'DELETE_CLIENT_DEBT' },
  }),
  // Writes its own audit entry (CREDIT_SALE_AUDIT), in the same statement as the sale where it can.
  handler('ClientDebtController_createTransaction', (db, { body }, ctx) => createTransaction(db, body, ctx), { audit: false }),
  handler('ClientDebtController_findAllTransactions', (db, { query }, ctx) => findAllTransactions(db, query, ctx)),
];
