/**
 * A manager's override at the till (issue 28 §2): after the core checked a manager's PIN (./manager-approval.ts),
 * the cashier's screen may run operations AS that manager — the local run's actor and the queued operation's
 * employee are the manager's, so the service checks the manager's rights and the audit names them — while the
 * cashier stays signed in. The renderer only ever holds an opaque id; the manager's identity stays here.
 *
 * An approval is narrow: bound to the cashier who asked for it, `once` (ends with the first operation that
 * succeeds) or `screen` (kept while the screen that asked is open — a goods receipt from draft to conduct — and
 * ended by that screen when its document is saved or it closes), and forgotten on sign-out, on the next sign-in,
 * or after `IDLE_MS` without use.
 */
import { randomUUID } from 'node:crypto';
import { OperationError } from '../../shared/errors.js';

export type ApprovalHold = 'once' | 'screen';

interface Approval {
  readonly managerId: string;
  readonly managerName: string;
  readonly cashierId: string;
  readonly hold: ApprovalHold;
  lastUsed: number;
}

/** An approval nobody used for this long is gone: a screen left open overnight does not keep a manager's rights. */
export const IDLE_MS = 15 * 60_000;

/** The refusal of an approval that ended (used, closed, timed out, another cashier): ask for the PIN again. */
export function approvalEnded(): OperationError {
  return new OperationError(403, 'The manager’s approval has ended: ask a manager for their PIN again', { code: 'APPROVAL_ENDED' });
}

export class ManagerApprovals {
  private readonly held = new Map<string, Approval>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Holds an approval of `managerId` for `cashierId`; returns the id the screen runs operations with. */
  grant(manager: { managerId: string; managerName: string }, cashierId: string, hold: ApprovalHold): string {
    const id = randomUUID();
    this.held.set(id, { ...manager, cashierId, hold, lastUsed: this.now() });
    return id;
  }

  /**
   * Runs `work` as the approving manager (it receives the manager's employee id). Refused (403 `APPROVAL_ENDED`)
   * when the approval is unknown, ended, idle too long, or another cashier's. A `once` approval ends when `work`
   * succeeds; a refused operation leaves it, so the cashier can correct and try again.
   */
  async runAs<T>(approvalId: string, cashierId: string, work: (managerId: string) => Promise<T>): Promise<T> {
    const approval = this.held.get(approvalId);
    if (!approval || approval.cashierId !== cashierId || this.now() - approval.lastUsed > IDLE_MS) {
      this.held.delete(approvalId);
      throw approvalEnded();
    }
    approval.lastUsed = this.now();
    const result = await work(approval.managerId);
    if (approval.hold === 'once') this.held.delete(approvalId);
    return result;
  }

  /** The screen's document was saved, or the screen closed. */
  end(approvalId: string): boolean {
    return this.held.delete(approvalId);
  }

  /** Sign-out, or another employee signed in: nothing approved before carries over. */
  clear(): void {
    this.held.clear();
  }
}
