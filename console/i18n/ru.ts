/** Russian. Typed by en's keys: a missing or extra key is a compile error. */
import type { Messages } from './en.js';
import { shellRu } from './shell.js';
import { structureRu } from './structure.js';
import { tillsRu } from './tills.js';
import { importRu } from './import.js';
import { fleetRu } from './fleet.js';
import { reportsRu } from './reports.js';
import { unitsRu } from './units.js';
import { securityRu } from './security.js';
import { clientsRu } from './clients.js';
import { modifierGroupsRu } from './modifier-groups.js';
import { rightsRu } from './rights.js';

export const ru: Messages = {
  ...shellRu,
  ...structureRu,
  ...tillsRu,
  ...importRu,
  ...fleetRu,
  ...reportsRu,
  ...unitsRu,
  ...securityRu,
  ...clientsRu,
  ...modifierGroupsRu,
  ...rightsRu,
  // Page areas: one spread line each (console/README.md "Adding a page").
};
