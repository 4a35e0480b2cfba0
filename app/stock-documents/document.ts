/**
 * The one create / update / delete / read path of every stock document (goods receipts, write-offs, movements,
 * inventory counts). A kind (./kind.ts) says what differs; the order of the steps — and so every rule they carry —
 * is written here once:
 * - create: refuse bad lines → insert the header (a guid already used answers the stored document, changing
 *   nothing) → check every id it names → write the lines → post its stock → audit entry;
 * - update: lock the header (404 before anything is written) → refuse bad lines → check what changed → post what
 *   changed in stock → replace the lines if new ones came → write the header;
 * - delete: lock the header → reverse whatever it posted (the reference never did, D3) → retire lines and header.
 */
import { writeAudit } from '../audit.js';
import type { Db, OperationContext } from '../context.js';
import { lifeCycleHandlers, type LifeCycleAudits, type LifeCycleIds } from '../resources/life-cycle-handlers.js';
import { postCounts } from './counting.js';
import { insertHeaderOnce, listHeaders, loadHeader, lockHeader, updateHeader } from './headers.js';
import type { DocumentPlan, DocumentWrite, StockDocumentKind, StockEffect } from './kind.js';
import { insertLines, loadLines, retireLines } from './line-store.js';
import { postDocumentEffect, type RestatingLedger } from './posting.js';
import { failIfAny, given } from './problems.js';
import { documentReferenceProblems } from './references.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- a kind's own types are checked where the kind is declared */
type AnyKind = StockDocumentKind<any, any, any, any, any, any, any, any>;

/** Brings the ledger to what `effect` stands for; `postedBefore: false` for a new document. */
async function postEffect(
  db: Db,
  ctx: OperationContext,
  ledger: RestatingLedger,
  docId: string,
  effect: StockEffect,
  postedBefore = true,
): Promise<void> {
  if ('counts' in effect) await postCounts(db, ctx, ledger, docId, effect.counts, postedBefore);
  else await postDocumentEffect(db, ctx, ledger, docId, effect.moves, postedBefore);
}

/** The stored lines of a document, read on first use only. */
function storedLinesOf(db: Db, ctx: OperationContext, kind: AnyKind, documentId: string) {
  let stored: Promise<unknown[]> | undefined;
  return () => (stored ??= loadLines(db, ctx, kind.lines, documentId));
}

async function withLines(db: Db, ctx: OperationContext, kind: AnyKind, row: { id: string }) {
  const lines = await loadLines(db, ctx, kind.lines, row.id);
  return { ...kind.wire(row), items: lines.map((line) => kind.lines.wire(line)) };
}

/** Refuses ids the document names that do not exist in the caller's business, and the kind's own line refusals. */
async function checkReferences(
  db: Db,
  ctx: OperationContext,
  kind: AnyKind,
  plan: DocumentPlan<unknown>,
  header: { organizationId: string | undefined; employeeId: string | undefined },
  lines: readonly any[],
) {
  const references = { ...plan.references, ...header };
  failIfAny([
    ...(await documentReferenceProblems(db, ctx, references, lines)),
    ...((await kind.lineProblems?.(db, ctx, lines)) ?? []),
  ]);
}

async function create(kind: AnyKind, db: Db, body: any, ctx: OperationContext) {
  const lines = (body.items as unknown[]).map((item) => kind.lines.fromItem(item));
  const plan: DocumentPlan<unknown> = kind.planCreate(body, lines);
  failIfAny(plan.problems);
  const header = {
    business_id: ctx.businessId,
    id: ctx.newId(),
    guid: body.guid ?? null,
    name: body.name,
    description: body.description ?? null,
    organization_id: body.organizationId,
    employee_id: body.employeeId,
    note: body.note ?? null,
    ...plan.columns,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
  // The header goes first so that a retry (same guid) is recognised before anything else is written or checked.
  const inserted = await insertHeaderOnce(db, ctx, kind, header);
  if (!inserted.created) return withLines(db, ctx, kind, inserted.row);
  await checkReferences(db, ctx, kind, plan, { organizationId: body.organizationId, employeeId: body.employeeId }, lines);
  const write: DocumentWrite<unknown, unknown, unknown, unknown> = {
    documentId: header.id,
    current: undefined,
    wasConducted: false,
    plan,
    lines,
    newLines: true,
    storedLines: async () => [],
  };
  const extras = (await kind.beforeWrite?.(db, ctx, write)) ?? [];
  const lineRows = lines.map((line, index) => kind.lines.row(ctx, header.id, index, line, extras[index]));
  await insertLines(db, ctx, kind.lines, lineRows);
  await postEffect(db, ctx, kind.ledger, header.id, plan.effect, false);
  await kind.afterWrite?.(db, ctx, write, extras);
  const wire = kind.wire(header);
  // Audited here rather than by the pipeline (runWriteInTransaction), so that an idempotent retry records nothing. The entry holds
  // the header, as the reference's log does; the lines are in their own table.
  await writeAudit(db, ctx, { type: 'SYSTEM', action: kind.createAction, record: wire });
  return { ...wire, items: lineRows.map((line) => kind.lines.wire(line)) };
}

async function update(kind: AnyKind, db: Db, id: string, body: any, ctx: OperationContext) {
  const current = await lockHeader<any>(db, ctx, kind, id);
  const newItems = given(body.items as unknown[] | null | undefined);
  const storedLines = storedLinesOf(db, ctx, kind, id);
  const lines = newItems
    ? newItems.map((item) => kind.lines.fromItem(item))
    : (await storedLines()).map((row) => kind.lines.fromRow(row));
  const wasConducted = kind.conducted(current);
  const plan: DocumentPlan<unknown> = kind.planUpdate(current, body, lines);
  failIfAny(plan.problems);
  const organizationId = given(body.organizationId as string | null | undefined);
  const employeeId = given(body.employeeId as string | null | undefined);
  // Stored lines were checked when written; they are checked again when a draft is conducted.
  const checkedLines = newItems || (plan.conducted && !wasConducted) ? lines : [];
  await checkReferences(db, ctx, kind, plan, { organizationId, employeeId }, checkedLines);
  const write: DocumentWrite<unknown, unknown, unknown, unknown> = {
    documentId: id,
    current,
    wasConducted,
    plan,
    lines,
    newLines: newItems !== undefined,
    storedLines,
  };
  const extras = (await kind.beforeWrite?.(db, ctx, write)) ?? [];
  // The document stands for its current lines and header: only what changed is posted.
  if (kind.reposts?.(write) ?? true) await postEffect(db, ctx, kind.ledger, id, plan.effect);
  if (newItems) {
    await retireLines(db, ctx, kind.lines, id);
    await insertLines(db, ctx, kind.lines, lines.map((line, index) => kind.lines.row(ctx, id, index, line, extras[index])));
  }
  await kind.afterWrite?.(db, ctx, write, extras);
  const changes = {
    name: given(body.name as string | null | undefined) ?? current.name,
    description: body.description === undefined ? current.description : body.description,
    organization_id: organizationId ?? current.organization_id,
    employee_id: employeeId ?? current.employee_id,
    note: body.note === undefined ? current.note : body.note,
    ...plan.columns,
    dt_updated: ctx.now,
  };
  await updateHeader(db, ctx, kind, id, changes);
  return kind.wire({ ...current, ...changes });
}

async function remove(kind: AnyKind, db: Db, id: string, ctx: OperationContext) {
  const current = await lockHeader<any>(db, ctx, kind, id);
  await kind.beforeRemove?.(db, ctx, current, storedLinesOf(db, ctx, kind, id));
  // Whatever the document posted goes back; the reference left it (D3).
  await postDocumentEffect(db, ctx, kind.ledger, id, []);
  await retireLines(db, ctx, kind.lines, id);
  const changes = { is_deleted: 1, dt_updated: ctx.now };
  await updateHeader(db, ctx, kind, id, changes);
  return kind.wire({ ...current, ...changes });
}
/**
 * The five operations of a kind. Create audits itself (after the guid check, so a retry logs nothing); update and
 * delete get the entries `audits` names, else the default one named from the operation id.
 */
export function stockDocumentHandlers(kind: AnyKind, ids: LifeCycleIds, audits: Omit<LifeCycleAudits, 'create'> = {}) {
  return lifeCycleHandlers(
    {
      create: (db, body, ctx) => create(kind, db, body, ctx),
      findAll: async (db, ctx) => (await listHeaders<{ id: string }>(db, ctx, kind)).map((row) => kind.wire(row)),
      findOne: async (db, id, ctx) => withLines(db, ctx, kind, await loadHeader<{ id: string }>(db, ctx, kind, id)),
      update: (db, id, body, ctx) => update(kind, db, id, body, ctx),
      remove: (db, id, ctx) => remove(kind, db, id, ctx),
    },
    ids,
    { create: false, ...audits },
  );
}
/* eslint-enable @typescript-eslint/no-explicit-any */
