/**
 * The warnings of this till's operations: facts the service recorded although they broke a rule (a sale that took
 * stock below zero, of an item the office had deleted, by an employee since removed, into a closed shift, a close
 * of a shift the office had closed too). Nothing is wrong with the till and nothing was lost — but a person should
 * know, so each is said in words, with the names of the records it concerns, until someone marks it seen. Shown
 * above the needs-attention inbox; hidden when empty.
 */
import { useState } from 'react';
import type { WarningPayload } from '../../../shared/terminal-contract.js';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import type { MessageKey, Translate } from '../../i18n/index.js';
import { showDateTime, showQuantity } from '../../lib/format.js';
import { useLoad } from '../../lib/use-load.js';
import { useBridge, useT, useTerminal } from '../../state/context.js';

const OPERATIONS = new Set([
  'OrderController_create',
  'ReceiptController_create',
  'WriteOffController_create',
  'MovementController_create',
  'InventoryController_create',
  'ClientDebtController_createTransaction',
  'SettlmentController_create',
  'SettlmentController_update',
  'OrderRefundController_create',
]);
const CODES = new Set(['STOCK_BELOW_ZERO', 'DELETED_REFERENCE', 'EMPLOYEE_INACTIVE', 'SHIFT_CLOSED', 'SHIFT_ALREADY_CLOSED', 'CREDIT_LIMIT_EXCEEDED', 'OVER_REFUND', 'MODIFIER_RULES', 'ORDER_NUMBER_TAKEN']);

/** The operation in words ("Sale"), whatever its catalogue name. */
export function operationLabel(t: Translate, name: string): string {
  return t((OPERATIONS.has(name) ? `warnings.operation.${name}` : 'warnings.operation.other') as MessageKey);
}

/** One warning as a sentence, with the names the till holds for the records it names. */
export function warningText(t: Translate, warning: Pick<WarningPayload, 'code' | 'detail' | 'names'>): string {
  const name = (id: unknown) => (typeof id === 'string' ? (warning.names[id] ?? t('warnings.unknown', { id })) : '');
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const detail = warning.detail;
  if (!CODES.has(warning.code)) return t('warnings.code.other', { code: warning.code });
  return t(`warnings.code.${warning.code}` as MessageKey, {
    item: name(detail.itemId),
    warehouse: name(detail.warehouseId),
    quantity: showQuantity(text(detail.quantity)),
    name: name(detail.id),
    employee: name(detail.employeeId),
    shift: name(detail.settlementId),
    client: name(detail.clientId),
    balance: text(detail.balance),
    limit: text(detail.limit),
    problem: text(detail.problem),
    number: text(detail.number),
    assigned: text(detail.assigned),
  });
}

export function Warnings() {
  const t = useT();
  const bridge = useBridge();
  const language = useTerminal((state) => state.language);
  // Re-read after every completed sync (new results may carry warnings) and local write.
  const version = useTerminal((state) => state.dataVersion);
  const warnings = useLoad(() => bridge.terminal('terminal.warningsList'), [version]);
  const [problem, setProblem] = useState<string[]>([]);

  const dismiss = (mutationId: string) => {
    setProblem([]);
    bridge.terminal('terminal.warningsDismiss', { mutationId }).then(warnings.reload, (error: unknown) => setProblem(errorLines(error)));
  };

  const list = warnings.data ?? [];
  if (list.length === 0 && problem.length === 0) return null;
  // One card per operation, its warnings listed in it.
  const operations = [...new Set(list.map((warning) => warning.mutation_id))];
  return (
    <section className="warnings" aria-labelledby="warnings-title">
      <h2 id="warnings-title">{t('warnings.title')}</h2>
      <p className="muted">{t('warnings.intro')}</p>
      <ErrorLines lines={problem} />
      {operations.map((mutationId) => {
        const own = list.filter((warning) => warning.mutation_id === mutationId);
        const first = own[0]!;
        return (
          <article key={mutationId} className="warning-entry" data-testid="warning-entry">
            <header>
              <strong>{operationLabel(t, first.name)}</strong>
              <span className="muted"> · {t('warnings.when', { time: showDateTime(first.occurred_at, language) })}</span>
            </header>
            <ul>
              {own.map((warning) => (
                <li key={warning.position}>{warningText(t, warning)}</li>
              ))}
            </ul>
            <div className="actions">
              <button type="button" onClick={() => dismiss(mutationId)}>
                {t('warnings.dismiss')}
              </button>
            </div>
          </article>
        );
      })}
    </section>
  );
}
