/** The catalogue (ItemModifier) operations: items, item groups, modifiers, modifier groups. */
import type { Handler } from '../operation.js';
import { itemGroupHandlers, modifierGroupHandlers } from './groups.js';
import { itemHandlers } from './items.js';
import { modifierHandlers } from './modifiers.js';

export const catalogHandlers: readonly Handler[] = [
  ...(itemHandlers as readonly Handler[]),
  ...(itemGroupHandlers as readonly Handler[]),
  ...(modifierHandlers as readonly Handler[]),
  ...(modifierGroupHandlers as readonly Handler[]),
];
