/**
 * Input schemas of the terminal's own operations (`TERMINAL_OPERATIONS` in shared/terminal-contract.ts): enrollment, the
 * employee session, sync status and the needs-attention inbox. Built from the same field helpers as the
 * catalogue, so messages read alike ("code is required").
 */
import { z } from 'zod';
import { dto, id, requiredText, text } from '../../shared/schema-kit.js';
import type { TerminalOperationName } from '../../shared/terminal-contract.js';
import { printOperationInputs } from './print-rpc.js';

/** No input: absent, or an empty object. */
const nothing = z.union([z.undefined(), dto({})], { error: 'must be empty' });

const httpUrl = () =>
  requiredText()
    .max(2_000, { error: 'must be at most 2000 characters' })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
        } catch {
          return false;
        }
      },
      { error: 'must be an http(s) URL without credentials' },
    );

const pin = () => requiredText().max(32, { error: 'must be at most 32 characters' });

export const EnrollInput = dto({
  /** The central service to enroll with. */
  serviceUrl: httpUrl(),
  /** The one-time code the back office issued for this workplace. */
  code: requiredText().max(40, { error: 'must be at most 40 characters' }),
  /** A label for this device in the back office's terminal list. */
  name: text().max(200, { error: 'must be at most 200 characters' }).nullish(),
});

export const PinLoginInput = dto({ pincode: pin() });

/**
 * Edit-and-resubmit: the edited input is for the operation the entry holds, and is validated here with that
 * operation's schema (the bridge replaces it with the validated wire form); the core checks that the operation
 * is the entry's own.
 */
export const InboxResubmitInput = dto({
  entryId: id(),
  operation: requiredText().max(100, { error: 'must be at most 100 characters' }),
  input: z.unknown(),
});

/** Discarding a rejected operation takes a manager's PIN. */
export const InboxDiscardInput = dto({ entryId: id(), managerPin: pin() });

/** A manager approving an action at the till: the manager's PIN and what is approved (for the record). */
export const ManagerApprovalInput = dto({
  pin: pin(),
  reason: requiredText().max(500, { error: 'must be at most 500 characters' }),
  /** Hold an override: `once` (the next operation that succeeds) or `screen` (until the screen ends it). */
  hold: z.enum(['once', 'screen'], { error: 'must be one of the following values: once, screen' }).optional(),
});

/**
 * An operation run as the manager who approved it (main/terminal/approvals.ts); its input is checked with the
 * operation's own schema by the bridge, as a direct call's is.
 */
export const RunApprovedInput = dto({
  approvalId: requiredText().max(64, { error: 'must be at most 64 characters' }),
  operation: requiredText().max(100, { error: 'must be at most 100 characters' }),
  input: z.unknown(),
});

/** A screen's document saved, or the screen closed: its override ends. */
export const ApprovalEndInput = dto({ approvalId: requiredText().max(64, { error: 'must be at most 64 characters' }) });

/** Dismissing the warnings of one operation (anyone signed in: they only say what happened). */
export const WarningsDismissInput = dto({ mutationId: id() });

/** Marking an incident read (anyone signed in: it only says what happened). */
export const IncidentSeenInput = dto({ id: requiredText().max(64, { error: 'must be at most 64 characters' }) });

export const terminalOperationInputs: Record<TerminalOperationName, z.ZodType> = {
  'terminal.enrollmentStatus': nothing,
  'terminal.enroll': EnrollInput,
  'terminal.pinLogin': PinLoginInput,
  'terminal.session': nothing,
  'terminal.signOut': nothing,
  'terminal.syncStatus': nothing,
  'terminal.syncNow': nothing,
  'terminal.inboxList': nothing,
  'terminal.inboxResubmit': InboxResubmitInput,
  'terminal.inboxDiscard': InboxDiscardInput,
  'terminal.managerApproval': ManagerApprovalInput,
  'terminal.runApproved': RunApprovedInput,
  'terminal.approvalEnd': ApprovalEndInput,
  'terminal.unsentList': nothing,
  'terminal.warningsList': nothing,
  'terminal.warningsDismiss': WarningsDismissInput,
  'terminal.incidentsList': nothing,
  'terminal.incidentSeen': IncidentSeenInput,
  // Answered by the shell's print service (main/print-dispatcher.ts), checked here like every call.
  ...printOperationInputs,
};
