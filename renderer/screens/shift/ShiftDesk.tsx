/**
 * The open shift: its X figures on the left (live, from the shift's documents), and on the right what the cashier
 * does with the drawer — cash in (F6), cash out (F7), print the X report (F8, the shift stays open), close the
 * shift with the Z report (F9), with a preview of the X report as the paper shows it. Esc leaves a form without
 * writing anything.
 */
import { useEffect, useState } from 'react';
import type { ShiftReportWire } from '../../../shared/catalogue/outputs/settlement-cash.js';
import { useFormat } from '../../lib/use-format.js';
import type { OpenShift } from '../../shift/open-shift.js';
import { useT } from '../../state/context.js';
import { PreviewButton } from '../../components/PrintPreview.js';
import { CashMoveForm } from './CashMoveForm.js';
import { LockIcon, RightGate, useHolds } from '../../components/RightGate.js';
import { ACTION_RIGHTS } from '../../lib/rights.js';
import { CloseShiftForm } from './CloseShiftForm.js';
import { PrintStatus, usePrintReport } from './PrintStatus.js';
import { ReportView } from './ReportView.js';

type Mode = 'idle' | 'in' | 'out' | 'close';

const KEYS: Record<string, Mode | 'print'> = { F6: 'in', F7: 'out', F8: 'print', F9: 'close' };

export function ShiftDesk({
  shift,
  report,
  onChanged,
  onClosed,
}: {
  readonly shift: OpenShift;
  readonly report: ShiftReportWire;
  readonly onChanged: () => void;
  readonly onClosed: () => void;
}) {
  const t = useT();
  const f = useFormat();
  const [mode, setMode] = useState<Mode>('idle');
  const [recorded, setRecorded] = useState(false);
  const x = usePrintReport(shift.id, false);
  // Cash in and out need a right; without it the buttons show a lock and the form asks for a manager's PIN.
  const cashMoves = useHolds()(ACTION_RIGHTS.cashMove);
  const lock = cashMoves ? null : <LockIcon />;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = KEYS[event.key];
      // The print preview's dialog, open over the desk, takes the keys.
      if (!action || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      event.preventDefault();
      // A form being filled in keeps its input: Esc leaves it first.
      if (mode !== 'idle') return;
      setRecorded(false);
      if (action === 'print') x.print();
      else setMode(action);
    };
    // Capture phase: before the navigation's F6–F8 (AppFrame), which then leaves them to this screen.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [x, mode]);

  const done = () => {
    setMode('idle');
    setRecorded(true);
    onChanged();
  };

  return (
    <main className="screen shift-screen" data-testid="shift-screen">
      <header className="panel-header shift-header">
        <div>
          <h1>{shift.name}</h1>
          <span className="muted">{t('shift.openedAt', { time: f.dateTime(shift.openedAt) })}</span>
        </div>
        <p className="muted key-hints">{t('shift.keys')}</p>
      </header>
      <div className="shift-columns">
        <div className="pane">
          <ReportView report={report} />
        </div>
        <div className="pane shift-actions">
          {mode === 'idle' && (
            <>
              <div className="action-grid">
                <button type="button" onClick={() => setMode('in')}>
                  <kbd>F6</kbd> {t('shift.cashIn')} {lock}
                </button>
                <button type="button" onClick={() => setMode('out')}>
                  <kbd>F7</kbd> {t('shift.cashOut')} {lock}
                </button>
                <button type="button" disabled={x.printing} onClick={x.print}>
                  <kbd>F8</kbd> {t('shift.printX')}
                </button>
                <button type="button" className="danger" onClick={() => setMode('close')}>
                  <kbd>F9</kbd> {t('shift.closeZ')}
                </button>
              </div>
              {recorded && <div className="muted" role="status">{t('shift.recorded')}</div>}
              <PreviewButton request={{ kind: 'shift-report', settlementId: shift.id, final: false }} onPrint={x.print} testId="x-preview" />
              <PrintStatus result={x.result} onAgain={x.print} />
              <h3>{t('shift.report.moves')}</h3>
              {report.cash_moves.length === 0 && <p className="muted">{t('shift.report.noMoves')}</p>}
              <ul className="cash-moves">
                {report.cash_moves.map((move) => (
                  <li key={move.id} className="report-row">
                    <span>
                      {f.time(move.dt_created)} · {move.reason}
                    </span>
                    <span className={`amount${move.kind === 'OUT' ? ' negative' : ''}`}>
                      {move.kind === 'OUT' ? '−' : '+'}
                      {f.money(move.amount)}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {(mode === 'in' || mode === 'out') && (
            <RightGate
              right={ACTION_RIGHTS.cashMove}
              scope="form"
              reason={t(mode === 'in' ? 'rights.reason.cashIn' : 'rights.reason.cashOut')}
              onCancel={() => setMode('idle')}
            >
              <CashMoveForm kind={mode === 'in' ? 'IN' : 'OUT'} settlementId={shift.id} onDone={done} onCancel={() => setMode('idle')} />
            </RightGate>
          )}
          {mode === 'close' && <CloseShiftForm report={report} onClosed={onClosed} onCancel={() => setMode('idle')} />}
        </div>
      </div>
    </main>
  );
}
