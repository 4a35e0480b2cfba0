/**
 * Output schema of the reporting query: the rows the owner's read-only SQL selected, each a record of its own
 * columns (names and values are the query's: numbers, text, null), so only their JSON-ness is fixed here.
 */
import { z } from 'zod';
import { json, many } from './kit.js';

export const queryOutputs = {
  QueryController_execute: many(z.record(z.string(), json())),
} as const;
