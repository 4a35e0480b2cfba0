/**
 * The back office's record of what queued facts broke: one Log entry (type WARNING) per warning of an applied
 * operation, written in the push's transaction, so the warning exists exactly when the operation does (a rolled
 * back batch leaves neither). Listed with the Log resource's findAll (`GET /api/v1/logs/all?type=WARNING`).
 */
import type { PushedOperationDto } from '../../shared/catalogue/sync.js';
import { writeAuditEntries } from '../audit.js';
import type { Db } from '../context.js';
import type { OperationWarning } from '../warnings.js';
import type { PushingTerminal } from './push-opening.js';

export async function recordWarnings(
  tx: Db,
  terminal: PushingTerminal,
  mutation: PushedOperationDto,
  warnings: readonly OperationWarning[],
  receivedAt: string,
): Promise<void> {
  if (warnings.length === 0) return;
  await writeAuditEntries(
    tx,
    warnings.map((warning) => ({
      businessId: terminal.businessId,
      // The employee who did it: the entry is about their operation.
      userId: mutation.actor.employeeId,
      type: 'WARNING',
      action: warning.code,
      details: {
        operation: mutation.name,
        mutationId: mutation.mutationId,
        seq: mutation.seq,
        occurredAt: mutation.occurredAt,
        terminalId: terminal.terminalId,
        workplaceId: terminal.workplaceId,
        pointId: terminal.pointId,
        employeeId: mutation.actor.employeeId,
        warning,
      },
      at: receivedAt,
    })),
  );
}
