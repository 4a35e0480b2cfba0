/**
 * The shift screen (issue 16, "Shifts"): with no shift open at this till, opening one with the counted cash; with
 * one open, cash in and out, the X report on screen and on paper, and closing with the Z report (counted cash, over
 * or short, open orders carried over). After a close the Z report stays on screen, printed, until the cashier opens
 * the next shift. Everything goes through the terminal core (local run + outbox), so it works offline.
 * Parts: ./shift/; the till's shift: ../shift/open-shift.ts; docs/selling/shifts.md.
 */
import type { Bridge } from '../bridge.js';
import { errorLines } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { useLoad } from '../lib/use-load.js';
import { loadOpenShift, tillWorkplace } from '../shift/open-shift.js';
import { useBridge, useT, useTerminal } from '../state/context.js';
import { OpenShiftForm } from './shift/OpenShiftForm.js';
import { PrintStatus, usePrintReport } from './shift/PrintStatus.js';
import { ReportView } from './shift/ReportView.js';
import { ShiftDesk } from './shift/ShiftDesk.js';

/**
 * This till's shift and its report: the open one's X figures, or, with none open, the last closed one's Z figures
 * (they stay on screen beside the opening form until the next shift opens).
 */
async function loadDesk(bridge: Bridge) {
  const workplaceId = await tillWorkplace(bridge).catch(() => null);
  const shift = await loadOpenShift(bridge, workplaceId ?? '');
  const latest = shift ? null : await bridge.run('SettlmentController_findLatest', workplaceId ? { query: { workplace_id: workplaceId } } : {});
  const reportOf = shift?.id ?? latest?.id;
  const report = reportOf ? await bridge.run('SettlmentController_report', { params: { id: reportOf } }) : null;
  return { workplaceId, shift, report };
}

export function Shift() {
  const t = useT();
  const bridge = useBridge();
  const version = useTerminal((state) => state.dataVersion);
  const loaded = useLoad(() => loadDesk(bridge), [version]);
  const z = usePrintReport(null, true);
  const data = loaded.data;

  if (!data) {
    return (
      <main className="screen" data-testid="shift-screen">
        {loaded.error !== undefined ? <ErrorLines lines={errorLines(loaded.error)} /> : <p className="muted">…</p>}
      </main>
    );
  }
  if (data.shift && data.report) {
    return (
      <ShiftDesk
        shift={data.shift}
        report={data.report}
        onChanged={loaded.reload}
        onClosed={() => {
          void z.printFor(data.shift!.id);
          loaded.reload();
        }}
      />
    );
  }
  return (
    <main className="screen shift-screen" data-testid="shift-screen">
      <div className="shift-columns">
        {data.report && (
          <div className="pane">
            <ReportView report={data.report} workplaceId={data.workplaceId} />
            <PrintStatus result={z.result} onAgain={z.print} />
            <button type="button" className="small" disabled={z.printing} onClick={() => void z.printFor(data.report!.settlement_id)}>
              {t('shift.print.z')}
            </button>
          </div>
        )}
        <div className={data.report ? 'pane' : 'pane single'}>
          <OpenShiftForm workplaceId={data.workplaceId} onOpened={loaded.reload} />
        </div>
      </div>
      {loaded.error !== undefined && <ErrorLines lines={errorLines(loaded.error)} />}
    </main>
  );
}
