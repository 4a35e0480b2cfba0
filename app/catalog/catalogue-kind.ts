/**
 * What distinguishes one catalogue sub-resource (items, item groups, modifiers, modifier groups) from another:
 * its table, label, own columns and references. A file of its own because both the resource (the life cycle)
 * and the list query read it, and neither should import the other for it.
 */
import type { ColumnOptions } from './catalogue-columns.js';
import type { Reference } from './references.js';

export interface CatalogueKind extends ColumnOptions {
  readonly table: 'items' | 'item_groups' | 'modifiers' | 'modifier_groups';
  /** Used in messages: `${label} not found`. */
  readonly label: string;
  /** The references of the kind's own columns (the point reference is common to all). */
  readonly references: readonly Reference[];
}
