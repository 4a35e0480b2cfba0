/**
 * Rights enforced (issue 28 §2, docs/api.md "Rights"): the one place that decides whether an EMPLOYEE caller — a
 * cashier's PIN token, a till's pushed operation (run as the employee who did it at the till, or as the manager who
 * approved it with their PIN), an operation the till runs itself — holds the right the catalogue entry names
 * (`right`, shared/catalogue/operation.ts). The role matrix (./role-matrix.ts) calls it for every operation, on every
 * way in. A right that depends on the input or the stored record (`{ right, when }`) is decided here, from the same
 * database the operation runs on: the service's, or the till's own store (which holds employees and roles too).
 *
 * Owners and admins hold every right; an employee holds what their live role's `access_resources` grants
 * (shared/rights.ts: unknown names ignored, `MANAGER` holds every right). A refusal is a 403 whose detail names the
 * right (`{ code: 'RIGHT_MISSING', right }`), so a till can say it in its own language and offer a manager's PIN.
 */
import type { NeededRight, OperationSpec, RightCase } from '../../shared/catalogue/operation.js';
import { forbidden, type OperationError } from '../../shared/errors.js';
import { grants, rightsOf, type Right } from '../../shared/rights.js';
import type { Db, OperationContext } from '../context.js';

interface Input {
  readonly body?: unknown;
  readonly params: Readonly<Record<string, string>>;
}

/** The detail of a refusal for a missing right: the till and the push's rejection carry it. */
export interface RightMissing {
  readonly code: 'RIGHT_MISSING';
  readonly right: Right;
}

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

/**
 * Does this call fall in the case? Each reads at most one stored row, and only for an EMPLOYEE caller of the entry.
 * A record the business does not have needs no right: the handler answers its own 404.
 */
const CASES: Record<RightCase, { readonly what: string; readonly applies: (db: Db, input: Input, ctx: OperationContext) => Promise<boolean> }> = {
  'another-tills-shift': {
    what: 'A shift of another till',
    async applies(db, { body, params }, ctx) {
      const own = ctx.actor.workplaceId ?? null;
      if (params.id === undefined) {
        // Opening one: for the cashier's own till unless the body names another.
        const named = field(body, 'workplace_id');
        return typeof named === 'string' && named !== '' && named !== own;
      }
      const shift = await db
        .selectFrom('settlements')
        .select('workplace_id')
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', params.id)
        .executeTakeFirst();
      return shift !== undefined && (shift.workplace_id === null || shift.workplace_id !== own);
    },
  },
  'completed-sale': {
    what: 'A change to a completed sale (a void, a refund or a deletion)',
    async applies(db, { body, params }, ctx) {
      if (field(body, 'is_voided') === true || field(body, 'is_refunded') === true) return true;
      if (params.id === undefined) return false;
      const order = await db
        .selectFrom('orders')
        .select(['is_closed', 'is_voided', 'is_refunded'])
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', params.id)
        .executeTakeFirst();
      return order !== undefined && (Number(order.is_closed) !== 0 || Number(order.is_voided) !== 0 || Number(order.is_refunded) !== 0);
    },
  },
  'another-employees-name': {
    what: 'A debt entry in another employee’s name',
    applies: async (_db, { body }, ctx) => {
      const named = field(body, 'employee_id');
      return typeof named === 'string' && named !== ctx.actor.id;
    },
  },
};

/** The rights an employee's live role grants: none without a role, or when the role is deleted. */
export async function rightsOfEmployee(db: Db, businessId: string, employeeId: string): Promise<ReadonlySet<Right>> {
  const row = await db
    .selectFrom('employees as e')
    .innerJoin('employee_roles as r', (join) =>
      join.onRef('r.business_id', '=', 'e.business_id').onRef('r.id', '=', 'e.role_id').on('r.is_deleted', '=', 0),
    )
    .select('r.access_resources')
    .where('e.business_id', '=', businessId)
    .where('e.id', '=', employeeId)
    .executeTakeFirst();
  return rightsOf(row?.access_resources ?? null);
}

/** The right this call needs, and what to call the action in the refusal; null when it needs none. */
async function neededRight(
  db: Db,
  spec: OperationSpec,
  needed: NeededRight,
  input: Input,
  ctx: OperationContext,
): Promise<{ readonly right: Right; readonly what: string } | null> {
  if (typeof needed === 'string') return { right: needed, what: spec.operationId };
  const rule = CASES[needed.when];
  return (await rule.applies(db, input, ctx)) ? { right: needed.right, what: rule.what } : null;
}

/** The 403 for a missing right. */
export function rightMissing(what: string, right: Right): OperationError {
  const detail: RightMissing = { code: 'RIGHT_MISSING', right };
  return forbidden(`${what} needs the ${right} right: this employee’s role does not grant it (a manager can approve it with their PIN)`, detail);
}

/**
 * Throws 403 RIGHT_MISSING unless the caller holds the right the entry needs for this input. Only EMPLOYEE callers
 * are limited; the rights are read once per call that needs one (a push passes them on the actor, read with its
 * employees), so the operations of the baseline — a sale, a payment — read nothing more.
 */
export async function requireRight(db: Db, spec: OperationSpec, input: Input, ctx: OperationContext): Promise<void> {
  if (!spec.right || ctx.actor.role !== 'EMPLOYEE') return;
  const needed = await neededRight(db, spec, spec.right, input, ctx);
  if (!needed) return;
  const rights = ctx.actor.rights ?? (await rightsOfEmployee(db, ctx.businessId, ctx.actor.id));
  if (!grants(rights, needed.right)) throw rightMissing(needed.what, needed.right);
}
