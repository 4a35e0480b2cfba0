/**
 * The sale just completed, on the next sale's screen: the change to hand over, how its printing went (a problem in
 * words with a reprint button) and a preview of its receipt as the paper shows it (from which it can be printed
 * again, without opening the drawer). The next sale is ready the moment the previous one is committed — printing
 * runs after it and is never waited for (issue 16: "printing never blocks or loses a sale").
 */
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../shared/decimal.js';
import { PreviewButton, PrintNotice } from '../../components/PrintPreview.js';
import { useFormat } from '../../lib/use-format.js';
import { printDocument, type PrintResult } from '../../printing.js';
import { useT } from '../../state/context.js';

/** What the payment step hands over with a completed sale. */
export interface PaidSale {
  readonly orderId: string;
  /** The short number on the receipt ("A-17"), said back to the customer; null when the till has none. */
  readonly number?: string | null;
  /** Change given back, in hundredths (0: none). */
  readonly change: bigint;
  /** The receipt's (and credit slip's) printing, started after the commit; never rejects. */
  readonly printing: Promise<PrintResult>;
}

export function LastSale({ sale }: { readonly sale: PaidSale | null }) {
  const t = useT();
  const f = useFormat();
  const [printed, setPrinted] = useState<PrintResult | null>(null);
  useEffect(() => {
    setPrinted(null);
    if (!sale) return;
    let current = true;
    void sale.printing.then((result) => {
      if (current) setPrinted(result);
    });
    return () => {
      current = false;
    };
  }, [sale]);
  if (!sale) return null;
  const receipt = { kind: 'sale', orderId: sale.orderId, openDrawer: false } as const;
  const preview = <PreviewButton request={receipt} onPrint={() => void printDocument(receipt).then(setPrinted)} testId="last-sale-preview" />;
  return (
    <div className="last-sale" data-testid="last-sale">
      <span className="success">{t('payment.done')}</span>
      {sale.number && (
        <span className="last-sale-number" data-testid="last-sale-number">
          {t('payment.saleNumber', { number: sale.number })}
        </span>
      )}
      {sale.change > 0n && (
        <span className="last-sale-change">
          {t('payment.change')} <strong className="amount">{f.money(formatMoney(sale.change))}</strong>
        </span>
      )}
      {/* Preview sits next to Reprint when the receipt did not print, on its own otherwise. */}
      {printed && !printed.ok ? (
        <PrintNotice result={printed} onResult={setPrinted}>
          {preview}
        </PrintNotice>
      ) : (
        preview
      )}
    </div>
  );
}
