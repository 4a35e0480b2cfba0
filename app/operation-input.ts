/**
 * The validated input of a catalogue operation, typed by its entry. A file of its own so that modules the write
 * path calls (app/field-versions.ts) can name it without importing app/operation.ts back (no import cycle).
 */
import type { z } from 'zod';
import type { catalogue, OperationId } from '../shared/catalogue/index.js';

type Entry<Id extends OperationId> = Extract<(typeof catalogue)[number], { operationId: Id }>;
type Parsed<S> = [Exclude<S, undefined>] extends [never]
  ? undefined
  : Exclude<S, undefined> extends z.ZodType
    ? z.output<Exclude<S, undefined>>
    : undefined;

/**
 * An operation's validated input. Distributed over the id: the input of a union of operations is the union of
 * their inputs, which is what lets a handler of one operation be registered as a `Handler` without a cast.
 */
export type OperationInput<Id extends OperationId> = Id extends OperationId
  ? {
      readonly body: Parsed<Entry<Id>['body']>;
      readonly query: Parsed<Entry<Id>['query']>;
      readonly params: Readonly<Record<string, string>>;
    }
  : never;
