/** English: the source catalogue. Every other language must have exactly these keys (checked by the compiler). */
import { shellEn } from './shell.js';
import { structureEn } from './structure.js';
import { tillsEn } from './tills.js';
import { importEn } from './import.js';
import { fleetEn } from './fleet.js';
import { reportsEn } from './reports.js';
import { unitsEn } from './units.js';
import { securityEn } from './security.js';
import { clientsEn } from './clients.js';
import { modifierGroupsEn } from './modifier-groups.js';
import { rightsEn } from './rights.js';

export const en = {
  ...shellEn,
  ...structureEn,
  ...tillsEn,
  ...importEn,
  ...fleetEn,
  ...reportsEn,
  ...unitsEn,
  ...securityEn,
  ...clientsEn,
  ...modifierGroupsEn,
  ...rightsEn,
  // Page areas: one spread line each (console/README.md "Adding a page").
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
