/** English: the source catalogue. Every other language must have exactly these keys (checked by the compiler). */
import { shellEn } from './shell.js';
import { structureEn } from './structure.js';

export const en = {
  ...shellEn,
  ...structureEn,
  // Page areas: one spread line each (console/README.md "Adding a page").
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
