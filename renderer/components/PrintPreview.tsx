/**
 * The print preview a screen can show: the very lines the paper will carry (laid out by the shell for the point's
 * printer width, so screen and paper cannot disagree), and `PrintNotice`, the message and reprint button a screen
 * shows when a receipt did not print. Keyboard first: Enter prints (when offered), Escape closes.
 */
import { useEffect, useId, useState } from 'react';
import { useT } from '../state/context.js';
import { previewWithWidth, reprintLast, type PrintRequest, type PrintResult } from '../printing.js';

export interface PrintPreviewProps {
  readonly request: PrintRequest;
  readonly onClose: () => void;
  /** Offered as a button (and Enter) when given. */
  readonly onPrint?: () => void;
}

export function PrintPreview({ request, onClose, onPrint }: PrintPreviewProps) {
  const t = useT();
  const titleId = useId();
  const [preview, setPreview] = useState<{ lines: readonly string[]; columns: number } | null>(null);
  const { kind } = request;
  const documentId = request.kind === 'shift-report' ? `${request.settlementId}:${String(request.final)}` : request.kind === 'refund' ? request.refundId : request.orderId;

  useEffect(() => {
    let current = true;
    setPreview(null);
    void previewWithWidth(request).then((answer) => {
      if (current) setPreview({ lines: answer.lines, columns: answer.columns });
    });
    return () => {
      current = false;
    };
    // The request is identified by its kind and document; a new object for the same document is not a new preview.
  }, [kind, documentId]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      } else if (event.key === 'Enter' && onPrint) {
        event.preventDefault();
        onPrint();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose, onPrint]);

  return (
    <div className="print-preview" role="dialog" aria-labelledby={titleId} data-testid="print-preview">
      <h2 id={titleId}>{t('printing.preview.title')}</h2>
      {preview === null ? (
        <p className="muted">{t('printing.preview.loading')}</p>
      ) : preview.lines.length === 0 ? (
        <p className="muted">{t('printing.preview.empty')}</p>
      ) : (
        <pre className={preview.columns <= 32 ? 'print-paper print-paper-58' : 'print-paper print-paper-80'} data-testid="print-preview-lines">
          {preview.lines.join('\n')}
        </pre>
      )}
      <div className="buttons">
        {onPrint ? (
          <button type="button" className="primary" onClick={onPrint}>
            {t('printing.print')}
          </button>
        ) : null}
        <button type="button" className="secondary" onClick={onClose}>
          {t('printing.preview.close')}
        </button>
      </div>
    </div>
  );
}

/** Why the last document did not print, with a reprint button when the job was kept; nothing when it printed. */
export function PrintNotice({ result, onResult }: { readonly result: PrintResult | null; readonly onResult: (result: PrintResult) => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  if (!result || result.ok) return null;
  return (
    <div className="print-notice" role="alert" data-testid="print-notice">
      <span>{result.message}</span>
      {result.canReprint ? (
        <button
          type="button"
          className="small"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void reprintLast().then((next) => {
              setBusy(false);
              onResult(next);
            });
          }}
        >
          {t('printing.reprint')}
        </button>
      ) : null}
    </div>
  );
}
