/**
 * One catalogue sub-resource (items, item groups, modifiers, modifier groups) on top of the generic
 * simple resource: the shared column mapping, reference checks and the cashier's point visibility. Each
 * sub-resource states only its table, label, own columns and references.
 */
import type { Db, OperationContext } from '../context.js';
import { simpleResource, type Columns } from '../resources/simple-resource.js';
import { catalogueRow, cataloguePatch, catalogueWire, type CatalogueCreate, type CatalogueUpdate } from './catalogue-columns.js';
import type { CatalogueKind } from './catalogue-kind.js';
import { listCatalogue } from './catalogue-list.js';
import { POINT_REFERENCE, checkReferences } from './references.js';
import { pointVisibility } from './visibility.js';

/** The wire record of a catalogue entry. */
export type CatalogueRecord = Record<string, unknown> & { id: string };

export function catalogueResource<Create extends CatalogueCreate, Update extends CatalogueUpdate>(kind: CatalogueKind) {
  const references = [...kind.references, POINT_REFERENCE];
  const resource = simpleResource<Create, Update>({
    table: kind.table,
    label: kind.label,
    toRow: (body) => catalogueRow(body, kind),
    toPatch: (body) => cataloguePatch(body, kind),
    toWire: (row) => catalogueWire(row, kind),
    check: (db: Db, ctx: OperationContext, columns: Columns, changed?: Columns) => checkReferences(db, ctx, references, changed ?? columns),
    visibility: (ctx) => pointVisibility(ctx),
  });
  // The mapping always puts the id first; narrowing here spares every caller a cast.
  return {
    ...resource,
    // The same list as the generic one, with its rows packed for speed (catalogue-list.ts).
    findAll: (db: Db, ctx: OperationContext, options: { readonly allPoints?: boolean } = {}) =>
      listCatalogue(db, ctx, kind, undefined, options.allPoints ?? false),
    create: (db: Db, body: Create, ctx: OperationContext) => resource.create(db, body, ctx) as Promise<CatalogueRecord>,
    update: (db: Db, id: string, body: Update, ctx: OperationContext) => resource.update(db, id, body, ctx) as Promise<CatalogueRecord>,
  };
}

export type CatalogueResource<Create extends CatalogueCreate, Update extends CatalogueUpdate> = ReturnType<typeof catalogueResource<Create, Update>>;
