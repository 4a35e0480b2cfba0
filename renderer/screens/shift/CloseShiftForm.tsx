/**
 * Closing the shift (Z): the cashier counts the drawer and types it; the expected cash and the over or short show
 * as they type (bigint units, exact). A shift with open orders asks first: carry them over to the till's next
 * shift, or go back and close them (Esc). Enter closes — through the terminal core, so offline too — and the
 * screen then shows and prints the Z report. The till cannot tell whose shift it is, so a close refused for a missing
 * right (another employee's shift: OTHERS_SHIFTS) offers a manager's PIN and closes it as that manager.
 */
import { useId, useState, type FormEvent } from 'react';
import type { ShiftReportWire } from '../../../shared/catalogue/outputs/settlement-cash.js';
import { formatMoney, MONEY } from '../../../shared/decimal.js';
import { asRpcError, errorLines, type Bridge } from '../../bridge.js';
import { ManagerApproval } from '../../components/ManagerApproval.js';
import { approvedBridge } from '../../components/RightGate.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { FieldError } from '../../components/FieldError.js';
import { useFormat } from '../../lib/use-format.js';
import { useUnsavedWork } from '../../lib/unsaved-work.js';
import { useBridge, useT } from '../../state/context.js';
import { MoneyEntry } from './MoneyEntry.js';
import { overShort } from './money-entry.js';

export function CloseShiftForm({
  report,
  onClosed,
  onCancel,
}: {
  readonly report: ShiftReportWire;
  readonly onClosed: () => void;
  readonly onCancel: () => void;
}) {
  const t = useT();
  const f = useFormat();
  const bridge = useBridge();
  const errorId = useId();
  const [counted, setCounted] = useState('');
  const [carryOver, setCarryOver] = useState(false);
  const [fieldProblem, setFieldProblem] = useState('');
  const [problem, setProblem] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // Refused for a missing right: a manager may close it (asking: the PIN dialog is open).
  const [manager, setManager] = useState<'offer' | 'asking' | null>(null);
  useUnsavedWork(counted !== '');

  const units = f.units(counted, MONEY);
  const difference = overShort(units === undefined || units < 0n ? undefined : formatMoney(units), report.expected_cash);
  const openOrders = report.open_orders;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem([]);
    if (units === undefined || units < 0n) return setFieldProblem(t('shift.cashInvalid'));
    if (openOrders > 0 && !carryOver) return setProblem([t('shift.close.chooseOpenOrders')]);
    close(bridge);
  };

  const close = (through: Bridge) => {
    if (units === undefined || units < 0n) return;
    setBusy(true);
    setManager(null);
    const body = { is_closed: true, counted_cash: formatMoney(units), ...(openOrders > 0 ? { open_orders: 'carry_over' as const } : {}) };
    through
      .run('SettlmentController_update', { params: { id: report.settlement_id }, body })
      .then(onClosed, (error: unknown) => {
        setProblem(errorLines(error));
        if (asRpcError(error).code === 'RIGHT_MISSING') setManager('offer');
      })
      .finally(() => setBusy(false));
  };

  return (
    <form
      className="form shift-form"
      aria-label={t('shift.close.title')}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <h2>{t('shift.close.title')}</h2>
      <div className="report-row strong">
        <span>{t('shift.report.expected')}</span>
        <span className="amount">{f.money(report.expected_cash)}</span>
      </div>
      <MoneyEntry
        name="counted"
        label={t('shift.close.counted')}
        value={counted}
        autoFocus
        invalid={fieldProblem !== ''}
        errorId={`${errorId}-counted`}
        onChange={(next) => {
          setCounted(next);
          setFieldProblem('');
        }}
      />
      <FieldError id={`${errorId}-counted`} text={fieldProblem} />
      <div className={`report-row strong over-short tone-${difference?.tone ?? 'none'}`} data-testid="live-over-short" aria-live="polite">
        <span>
          {difference
            ? t(difference.tone === 'over' ? 'shift.report.over' : difference.tone === 'short' ? 'shift.report.short' : 'shift.report.exact')
            : '\u00a0'}
        </span>
        <span className="amount">{difference ? f.money(difference.amount) : ''}</span>
      </div>
      {openOrders > 0 && (
        <div className="notice">
          {t('shift.close.openOrders', { count: openOrders })}
          <label className="checkbox">
            <input type="checkbox" name="carryOver" checked={carryOver} onChange={(event) => setCarryOver(event.target.checked)} />
            {t('shift.close.carryOver')}
          </label>
        </div>
      )}
      <ErrorLines lines={problem} />
      {manager === 'offer' && (
        <button type="button" className="primary" onClick={() => setManager('asking')}>
          {t('rights.managerPin')}
        </button>
      )}
      {manager === 'asking' && (
        <ManagerApproval
          reason={t('rights.reason.closeOthers')}
          hold="once"
          onCancel={() => setManager('offer')}
          onApproved={({ approvalId }) => approvalId && close(approvedBridge(bridge, approvalId))}
        />
      )}
      <div className="actions">
        <button type="button" className="secondary" onClick={onCancel}>
          {t('shift.cancel')} <kbd>Esc</kbd>
        </button>
        <button type="submit" className="danger" disabled={busy}>
          {t('shift.close.confirm')} <kbd>Enter</kbd>
        </button>
      </div>
    </form>
  );
}
