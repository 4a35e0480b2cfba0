/**
 * Correcting a refused credit sale or repayment through the form it was made with (debts/RecordForm.tsx), filled
 * from the refused body: the client (chosen by name — a client no longer on this till is named so), the amount,
 * how a repayment was paid, the signature kept. Sent again through the core as a new operation that closes the
 * entry in the same local transaction; the employee and point of the first attempt are kept.
 */
import { useState } from 'react';
import type { OperationInputOf } from '../../../shared/catalogue/wire-types.js';
import { formatMoney, MONEY } from '../../../shared/decimal.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { unitsOrUndefined } from '../../lib/format.js';
import { useLoad } from '../../lib/use-load.js';
import { useBridge, useT } from '../../state/context.js';
import { clientBalances } from '../Debts.js';
import { repaymentMethods } from '../debts/entries.js';
import { RecordForm } from '../debts/RecordForm.js';
import { linesFor, type CorrectionProps } from './edit-body.js';

/** The refused entry's body as it was sent (any field may be missing from what the till kept). */
type RefusedDebtBody = Partial<OperationInputOf<'ClientDebtController_createTransaction'>['body']>;

export function DebtCorrection({
  entry,
  reason,
  onDone,
  onCancel,
}: CorrectionProps) {
  const t = useT();
  const bridge = useBridge();
  const body = (entry.args ?? {}) as RefusedDebtBody;
  const [clientId, setClientId] = useState(body.client_id ?? '');
  const lists = useLoad(async () => {
    const [clients, debts, methods] = await Promise.all([
      bridge.run('ClientController_findAll'),
      bridge.run('ClientDebtController_findAllDebts'),
      bridge.run('PaymentMethodController_findAll').catch(() => []),
    ]);
    const live = clients.filter((candidate) => !candidate.is_deleted);
    return { clients: clientBalances(live, debts), methods: repaymentMethods(methods) };
  }, []);
  const units = unitsOrUndefined(body.debt_amount ?? '', MONEY) ?? 0n;
  const client = lists.data?.clients.find((candidate) => candidate.id === clientId);
  const known = client !== undefined;

  return (
    <div className="form resubmit-form" role="form" aria-label={t('inbox.correctTitle')}>
      <p className="muted">{t('inbox.resubmitIntro')}</p>
      <label>
        {t('debts.client')}
        <select name="client" value={clientId} onChange={(event) => setClientId(event.target.value)}>
          {!known && <option value={clientId}>{t('inbox.unknownRecord', { id: clientId })}</option>}
          {lists.data?.clients.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.full_name}
            </option>
          ))}
        </select>
      </label>
      {clientId === body.client_id && <ErrorLines lines={linesFor('client_id', reason)} />}
      {lists.data && (
        <RecordForm
          key={clientId}
          // A client no longer here still shows the form (balance unknown: 0); sending it is what the service judges.
          client={{ id: clientId, balance: client?.balance ?? '0' }}
          pointId={body.id_automated_point ?? '0'}
          methods={lists.data.methods}
          initial={{
            kind: units < 0n ? 'repayment' : 'sale',
            amount: formatMoney(units < 0n ? -units : units),
            methodId: body.payment_type_id ?? null,
            signature: body.signature_url ?? null,
            ...(body.employee_id ? { employeeId: body.employee_id } : {}),
          }}
          submitLabel={t('inbox.sendAgain')}
          send={(corrected) =>
            bridge.terminal('terminal.inboxResubmit', {
              entryId: entry.mutation_id,
              operation: entry.name,
              input: { params: entry.params, body: corrected },
            })
          }
          onRecorded={onDone}
        />
      )}
      <div className="actions">
        <button type="button" className="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
