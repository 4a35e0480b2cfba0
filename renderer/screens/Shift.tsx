/**
 * The shift screen (issue 16, "Shifts"): with no shift open at this till, opening one with the counted cash; with
 * one open, cash in and out, the X report on screen and on paper, and closing with the Z report (counted cash, over
 * or short, open orders carried over). After a close the Z report stays on screen, printed, until the cashier opens
 * the next shift. Everything goes through the terminal core (local run + outbox), so it works offline.
 * Parts: ./shift/; the till's shift: ../shift/open-shift.ts; docs/selling/shifts.md.
 */
import { useState } from 'react';
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

async function loadDesk(bridge: Bridge, closedId: string | null) {
  const workplaceId = await tillWorkplace(bridge).catch(() => null);
  const shift = await loadOpenShift(bridge, workplaceId ?? '');
  const reportOf = shift?.id ?? closedId;
  const report = reportOf ? await bridge.run('SettlmentController_report', { params: { id: reportOf } }) : null;
  return { workplaceId, shift, report };
}

export function Shift() {
  const t = useT();
  const bridge = useBridge();
  const version = useTerminal((state) => state.dataVersion);
  // The shift just closed here: its Z report stays on screen until the next shift is opened.
  const [closedId, setClosedId] = useState<string | null>(null);
  const loaded = useLoad(() => loadDesk(bridge, closedId), [version, closedId]);
  const z = usePrintReport(closedId, true);
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
          setClosedId(data.shift!.id);
          void z.printFor(data.shift!.id);
        }}
      />
    );
  }
  return (
    <main className="screen shift-screen" data-testid="shift-screen">
      <div className="shift-columns">
        {closedId && data.report ? (
          <div className="pane">
            <ReportView report={data.report} />
            <PrintStatus result={z.result} onAgain={z.print} />
          </div>
        ) : null}
        <div className={closedId ? 'pane' : 'pane single'}>
          <OpenShiftForm
            workplaceId={data.workplaceId}
            onOpened={() => {
              setClosedId(null);
              loaded.reload();
            }}
          />
          {closedId && <p className="muted">{t('shift.closed.next')}</p>}
        </div>
      </div>
      {loaded.error !== undefined && <ErrorLines lines={errorLines(loaded.error)} />}
    </main>
  );
}
