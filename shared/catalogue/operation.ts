/**
 * The shape of one catalogue entry. The catalogue is the single source of truth for the HTTP routes, the
 * terminal's RPC, sync operation names, the OpenAPI document and the conformance tests.
 */
import type { z } from 'zod';
import type { DecimalKind } from '../decimal.js';
import type { Right } from '../rights.js';
import { ignoringUnknownFields } from '../schema-kit.js';

/**
 * Who may call an operation. `TERMINAL` is an enrolled terminal's device credential (docs/sync.md): a separate
 * token audience, accepted only by the operations that list it and by no other.
 */
export type Role = 'OWNER' | 'ADMIN' | 'EMPLOYEE' | 'SUPERADMIN' | 'TERMINAL';
export const TENANT_ROLES: readonly Role[] = ['OWNER', 'ADMIN', 'EMPLOYEE'];

/**
 * How an operation behaves on a terminal that is offline (see docs/sync.md):
 * - `fact`: a document or ledger entry that happened; queued, never rejected for business rules;
 * - `amendment`: a state change of an existing document; illegal transitions are rejected with the payload kept;
 * - `absolute`: sets an absolute value; converted to a delta against what the user saw;
 * - `descriptive`: a field patch merged field by field, last writer wins;
 * - `delete`: a soft delete and a tombstone;
 * - `read`: answered from the local store;
 * - `online-only`: not queued; a clear error while offline.
 */
export type OfflineClass = 'fact' | 'amendment' | 'absolute' | 'descriptive' | 'delete' | 'read' | 'online-only';

/** The classes a till does locally and queues for the service (and the only ones a push may carry). */
const QUEUEABLE: ReadonlySet<OfflineClass> = new Set<OfflineClass>(['fact', 'amendment', 'absolute', 'descriptive', 'delete']);

export function isQueueable(spec: Pick<OperationSpec, 'offline'>): boolean {
  return QUEUEABLE.has(spec.offline);
}

/**
 * The basis of an absolute edit (docs/sync.md, "Push"): the stored value the user saw when they typed the
 * new one. A till reads it from `column` of the `table` row that `row` names — each key a column, each value the
 * path parameter (`params.id`) or body field (`body.itemId`) holding it — and queues it with the edit; the service
 * reads it as a `kind` decimal and applies the edit as a difference from it, keeping other tills' changes. Adding
 * an absolute edit is this field on its entry plus its handler.
 */
export interface AbsoluteBasis {
  readonly table: 'stock_levels' | 'client_debts';
  readonly column: string;
  readonly kind: DecimalKind;
  readonly row: Readonly<Record<string, `params.${string}` | `body.${string}`>>;
}

/**
 * What a write does to the principals that may sign in (employees): `changes` them — a push looks its employees up
 * again after it — or `ends` the one the path's `{id}` names — its cached token stops working at once too.
 */
export type PrincipalEffect = 'changes' | 'ends';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * The point a record of an operation belongs to, for the role matrix (issue 13 §2.2, docs/api.md "Who may do
 * what"): an EMPLOYEE caller — a cashier's PIN token, or a till's pushed operation — acts only on records of its
 * own point. The record named by the path's `{id}` is read from `table`; its `column` names the point (or, with
 * `via: 'workplace'`, a workplace whose point counts). On a write, `bodyField` is the body field naming the point
 * (or workplace) the record is written for, checked the same way. A record that names no point (null, or a
 * column this database does not have yet) belongs to the whole business. Owners and admins are not limited.
 */
export interface PointScope {
  readonly table: 'orders' | 'settlements' | 'receipts' | 'write_offs' | 'inventories' | 'movements';
  readonly column: string;
  readonly via?: 'workplace';
  readonly bodyField?: string;
}

/**
 * The cases in which an operation needs a right only sometimes, decided from its input and the stored record by
 * app/security/rights.ts (the one place that reads them):
 * - `another-tills-shift`: the shift is not of the till (workplace) the cashier works at — opening one for another
 *   till, or changing, closing or deleting another till's shift or one of no till (opened by an owner);
 * - `completed-sale`: the order is no longer an open one (closed, voided or refunded), or the change voids or
 *   refunds it — deleting an open (held) order or changing it before payment is selling;
 * - `another-employees-name`: a debt entry whose `employee_id` is not the cashier's own.
 */
export type RightCase = 'another-tills-shift' | 'completed-sale' | 'another-employees-name';

/**
 * The right (shared/rights.ts, docs/api.md "Rights") an EMPLOYEE caller — a cashier's PIN token, a till's pushed
 * operation, the till's own run — needs for a write: always (`Right`), or only in the case `when` names. An entry
 * open to cashiers without one is part of what every cashier may do (the baseline; test/unit/rights-catalogue.test.ts
 * keeps the list). Owners and admins hold every right.
 */
export type NeededRight = Right | { readonly right: Right; readonly when: RightCase };

/**
 * Operations that guess a secret (`login`) or create a tenant (`registration`) are rate limited per client
 * address, and logins per account too; the limits themselves are service configuration.
 */
export type ThrottleClass = 'login' | 'registration';

export interface OperationSpec<
  Id extends string = string,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
> {
  readonly operationId: Id;
  readonly method: HttpMethod;
  /** Path as in the reference document, without the `/api/v1` prefix; `{name}` marks a path parameter. */
  readonly path: string;
  readonly tag: string;
  readonly body?: Body;
  readonly query?: Query;
  /** Who may call it: `public`, or the roles allowed. Checked before anything else. */
  readonly access: 'public' | readonly Role[];
  /** For EMPLOYEE callers: the record (and the body) must be of the caller's own point. See `PointScope`. */
  readonly pointScope?: PointScope;
  /** For EMPLOYEE callers: the right their role must grant. See `NeededRight`. */
  readonly right?: NeededRight;
  readonly offline: OfflineClass;
  /** For an absolute edit: where its basis is read and what kind of value it is. See `AbsoluteBasis`. */
  readonly basis?: AbsoluteBasis;
  /** For a write on employees: see `PrincipalEffect`. */
  readonly principals?: PrincipalEffect;
  readonly throttle?: ThrottleClass;
  /** An operation of ours that the reference interface does not have (e.g. terminal enrollment). */
  readonly extension?: boolean;
  /**
   * Unknown body fields: a 400 naming each (the default, as the reference's validated DTOs), or `ignore`d — dropped
   * before the body is validated — for bodies the reference never validated, which clients send with extra
   * fields (docs/api.md). Required and typed fields are checked either way.
   */
  readonly unknownFields?: 'refuse' | 'ignore';
  /** Path parameter names, derived from `path`. */
  readonly params: readonly string[];
}

type EntryInput<Id extends string, Body extends z.ZodType | undefined, Query extends z.ZodType | undefined> = Omit<
  OperationSpec<Id, Body, Query>,
  'params'
>;

/** Declares one catalogue entry; the path parameters are read from the path so they cannot disagree. */
export function operation<
  const Id extends string,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
>(entry: EntryInput<Id, Body, Query>): OperationSpec<Id, Body, Query> {
  const params = [...entry.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  // Applied to the entry's schema itself, so the routes, the terminal's RPC and the OpenAPI document all agree.
  const body = entry.unknownFields === 'ignore' && entry.body ? ignoringUnknownFields(entry.body) : entry.body;
  return { ...entry, ...(body ? { body } : {}), params };
}

/** The success status of an operation: the reference answers every POST with 201 and everything else with 200. */
export function successStatus(spec: Pick<OperationSpec, 'method'>): 200 | 201 {
  return spec.method === 'POST' ? 201 : 200;
}
