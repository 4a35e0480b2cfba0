/**
 * Turns a call of one catalogue operation (its operationId, path parameters, query and body) into the HTTP
 * request the service's route expects — method and `/api/v1` URL — so a client (the owner's console) calls the
 * public API by name without spelling paths, and cannot call anything the catalogue does not list.
 * Pure: the caller sends the request.
 */
import type { z } from 'zod';
import { catalogue } from './all.js';
import type { HttpMethod } from './operation.js';

export const API_PREFIX = '/api/v1';

type Catalogue = (typeof catalogue)[number];
export type CatalogueOperationId = Catalogue['operationId'];
type SpecOf<Id extends CatalogueOperationId> = Extract<Catalogue, { operationId: Id }>;

/** The body an operation accepts (its schema's input), or `undefined` for operations without one. */
export type OperationBody<Id extends CatalogueOperationId> =
  NonNullable<SpecOf<Id>['body']> extends infer Body extends z.ZodType ? z.input<Body> : undefined;

/** The path parameters by name (`{id}` → `{ id: '…' }`); a missing one is refused before anything is sent. */
export type OperationParams = Readonly<Record<string, string>>;

export interface OperationCall<Id extends CatalogueOperationId> {
  readonly params?: OperationParams;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly body?: OperationBody<Id>;
}

export interface OperationRequest {
  readonly method: HttpMethod;
  /** Same-origin URL: `/api/v1/...` with the parameters encoded and the query appended. */
  readonly url: string;
  readonly body?: unknown;
}

const byId = new Map<string, Catalogue>(catalogue.map((entry) => [entry.operationId, entry]));

export class UnknownOperation extends Error {}

export function operationRequest<Id extends CatalogueOperationId>(operationId: Id, call: OperationCall<Id> = {}): OperationRequest {
  const spec = byId.get(operationId);
  if (!spec) throw new UnknownOperation(`${operationId} is not an operation of the catalogue`);
  const params = (call.params ?? {}) as Record<string, string | undefined>;
  const path = spec.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new UnknownOperation(`${operationId} needs the path parameter "${name}"`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) query.set(name, String(value));
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return { method: spec.method, url: `${API_PREFIX}${path}${search}`, ...(call.body === undefined ? {} : { body: call.body }) };
}
