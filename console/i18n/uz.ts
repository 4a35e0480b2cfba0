/** Uzbek (Latin script). Typed by en's keys: a missing or extra key is a compile error. */
import type { Messages } from './en.js';
import { shellUz } from './shell.js';
import { structureUz } from './structure.js';
import { tillsUz } from './tills.js';
import { importUz } from './import.js';
import { fleetUz } from './fleet.js';
import { reportsUz } from './reports.js';
import { unitsUz } from './units.js';
import { securityUz } from './security.js';
import { clientsUz } from './clients.js';
import { modifierGroupsUz } from './modifier-groups.js';
import { rightsUz } from './rights.js';

export const uz: Messages = {
  ...shellUz,
  ...structureUz,
  ...tillsUz,
  ...importUz,
  ...fleetUz,
  ...reportsUz,
  ...unitsUz,
  ...securityUz,
  ...clientsUz,
  ...modifierGroupsUz,
  ...rightsUz,
  // Page areas: one spread line each (console/README.md "Adding a page").
};
