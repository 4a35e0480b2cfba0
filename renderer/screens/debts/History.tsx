/**
 * A client's debt history: every ledger entry with its own label (credit sale, repayment, opening balance,
 * adjustment, write-off), its amount in the colour of what it did to the debt, how a repayment was paid, and
 * whether a sale was signed. The query narrows the list in the core; the filter keeps it right whatever it answers.
 */
import type { OperationRecord } from '../../../shared/catalogue/wire-types.js';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { showDateTime, showMoney } from '../../lib/format.js';
import { useLoad } from '../../lib/use-load.js';
import { useBridge, useT, useTerminal } from '../../state/context.js';
import { amountTone, entryLabel, type PaymentMethod } from './entries.js';

/** A ledger entry as `ClientDebtController_findAllTransactions` answers it. */
export type DebtEntry = OperationRecord<'ClientDebtController_findAllTransactions'>;

export function History({ clientId, methods }: { readonly clientId: string; readonly methods: readonly PaymentMethod[] }) {
  const t = useT();
  const bridge = useBridge();
  const language = useTerminal((state) => state.language);
  const version = useTerminal((state) => state.dataVersion);
  const entries = useLoad(
    async () =>
      (await bridge.run('ClientDebtController_findAllTransactions', { query: { client_id: clientId } })).filter(
        (entry) => entry.client_id === clientId,
      ),
    [clientId, version],
  );
  const methodName = (id: string) => methods.find((method) => method.id === id)?.name ?? id;
  return (
    <section>
      <h2>{t('debts.history')}</h2>
      {entries.error !== undefined && <ErrorLines lines={errorLines(entries.error)} />}
      {entries.data?.length === 0 && <p className="muted">{t('debts.noHistory')}</p>}
      <ul className="history" data-testid="debt-history">
        {entries.data?.map((entry) => {
          const tone = amountTone(entry.debt_amount);
          return (
            <li key={entry.id} data-tone={tone}>
              <span className="muted">{showDateTime(entry.dt_created, language)}</span>
              <span>
                <span className={`entry-badge tone-${tone}`}>{t(entryLabel(entry))}</span>
                {entry.payment_type_id && (
                  <span className="muted"> {t('debts.entry.paidBy', { method: methodName(entry.payment_type_id) })}</span>
                )}
              </span>
              <span className={`amount tone-${tone}`}>{showMoney(entry.debt_amount)}</span>
              <span className="muted">{entry.signature_url ? `✍ ${t('debts.signed')}` : ''}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
