/**
 * How a shift report's printing went, under the report: sent, or why not with a button to try again. Printing is
 * the shell's (renderer/printing.ts); it never rejects and never blocks the shift's own work.
 */
import { useState } from 'react';
import type { PrintResult } from '../../printing.js';
import { printDocument } from '../../printing.js';
import { useT } from '../../state/context.js';

/** Prints a shift's X (`final: false`) or Z report; `print` prints `settlementId` (again), `printFor` another one. */
export function usePrintReport(settlementId: string | null, final: boolean) {
  const [result, setResult] = useState<PrintResult | null>(null);
  const [printing, setPrinting] = useState(false);
  const [last, setLast] = useState<string | null>(null);
  const printFor = (id: string) => {
    setLast(id);
    setPrinting(true);
    return printDocument({ kind: 'shift-report', settlementId: id, final })
      .then(setResult)
      .finally(() => setPrinting(false));
  };
  const print = () => {
    const id = settlementId ?? last;
    if (id) void printFor(id);
  };
  return { result, printing, print, printFor };
}

export function PrintStatus({ result, onAgain }: { readonly result: PrintResult | null; readonly onAgain: () => void }) {
  const t = useT();
  if (!result) return null;
  if (result.ok) return <div className="muted" role="status">{t('shift.print.done')}</div>;
  return (
    <div className="notice print-failed" role="alert">
      {t('shift.print.failed', { message: result.message ?? '' })}{' '}
      <button type="button" className="small" onClick={onAgain}>
        {t('shift.print.again')}
      </button>
    </div>
  );
}
