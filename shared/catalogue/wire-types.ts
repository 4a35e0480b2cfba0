/**
 * The wire types of every catalogue operation, derived from the catalogue itself: what a caller sends (path
 * params, query and body as JSON, decimals as strings) and what it gets back (the entry's output schema in
 * `outputs/`). The renderer's bridge is typed from these, so no screen declares a wire record by hand.
 */
import type { z } from 'zod';
import type { catalogue } from './all.js';
import type { OperationId } from './index.js';

import type { OperationOutput } from './outputs/index.js';

export type { OperationOutput, OperationOutputs } from './outputs/index.js';

type Entry<Id extends OperationId> = Extract<(typeof catalogue)[number], { operationId: Id }>;

type Schema<S> = Exclude<S, undefined>;

/** A part (body or query) as sent: required when its schema refuses an empty object, absent when it has none. */
type WirePart<Name extends string, S> = [Schema<S>] extends [never]
  ? { readonly [K in Name]?: undefined }
  : Schema<S> extends z.ZodType
    ? Record<never, never> extends z.input<Schema<S>>
      ? { readonly [K in Name]?: z.input<Schema<S>> }
      : { readonly [K in Name]: z.input<Schema<S>> }
    : { readonly [K in Name]?: undefined };

/** An operation's input on the wire (over HTTP or the terminal's bridge): path params, query, body. */
export type OperationInputOf<Id extends OperationId> = {
  readonly params?: Readonly<Record<string, string>>;
} & WirePart<'query', Entry<Id>['query']> &
  WirePart<'body', Entry<Id>['body']>;

/** One record of what an operation answers: the element of a list answer, or the answer itself. */
export type OperationRecord<Id extends OperationId> = OperationOutput<Id> extends readonly (infer Row)[] ? Row : OperationOutput<Id>;
