/**
 * The print preview a screen can show: a dialog with the very lines the paper will carry (laid out by the shell for
 * the point's printer width — 32 or 48 monospace characters — so screen and paper cannot disagree), and
 * `PrintNotice`, the message and reprint button a screen shows when a document did not print.
 *
 * Keyboard first: the dialog takes the focus (its Close button) and gives it back when it closes; Escape closes and
 * Enter prints (when offered) unless a button has the focus, which Enter then presses. The dialog is modal: its keys
 * are taken in the capture phase and stopped there, so the screen behind (the cart's Enter, the sale's Escape, a
 * scanner's burst) does not act on them too.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { PrintProblem } from '../../shared/terminal-contract.js';
import { useLanguage, useT } from '../state/context.js';
import { previewWithWidth, reprintLast, type PrintRequest, type PrintResult } from '../printing.js';

export interface PrintPreviewProps {
  readonly request: PrintRequest;
  readonly onClose: () => void;
  /** Offered as a button (and Enter) when given. */
  readonly onPrint?: () => void;
}

interface Shown {
  readonly lines: readonly string[];
  readonly columns: number;
  readonly problem?: PrintProblem;
}

/** A stable key of the document a request names: a new object for the same document is not a new preview. */
export function previewKey(request: PrintRequest): string {
  switch (request.kind) {
    case 'shift-report':
      return `${request.kind}:${request.settlementId}:${String(request.final)}`;
    case 'refund':
      return `${request.kind}:${request.refundId}`;
    case 'void':
      return `${request.kind}:${request.orderId}:${request.managerId ?? ''}:${request.reason ?? ''}`;
    default:
      return `${request.kind}:${request.orderId}`;
  }
}

export function PrintPreview({ request, onClose, onPrint }: PrintPreviewProps) {
  const t = useT();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [preview, setPreview] = useState<Shown | null>(null);
  // The paper is printed in the language on screen: a language switched while the preview is open lays it out again.
  const language = useLanguage();
  const key = previewKey(request);

  useEffect(() => {
    let current = true;
    setPreview(null);
    void previewWithWidth(request).then((answer) => {
      if (current) setPreview(answer);
    });
    return () => {
      current = false;
    };
    // Keyed by the document and the language, not the request object (see previewKey).
  }, [key, language]);

  // The focus comes into the dialog and goes back where it was when the dialog closes.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    return () => before?.focus();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') {
        keepFocusInside(event, dialog.current);
        event.stopPropagation();
        return;
      }
      const onButton = event.target instanceof HTMLButtonElement && dialog.current?.contains(event.target);
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      } else if (event.key === 'Enter' && onPrint && !onButton) {
        event.preventDefault();
        onPrint();
      }
      // A focused button of the dialog still gets its Enter and Space; nothing behind the dialog gets any key.
      if (!onButton) event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose, onPrint]);

  const note = preview?.problem ? t(`printing.problem.${preview.problem}`, { printer: '' }) : null;
  return (
    <div className="print-preview-backdrop">
      <div ref={dialog} className="print-preview" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="print-preview">
        <h2 id={titleId}>{t('printing.preview.title')}</h2>
        {preview === null ? (
          <p className="muted">{t('printing.preview.loading')}</p>
        ) : preview.lines.length === 0 ? (
          <p className="muted" data-testid="print-preview-empty">
            {note ?? t('printing.preview.empty')}
          </p>
        ) : (
          <>
            <pre
              className={preview.columns <= 32 ? 'print-paper print-paper-58' : 'print-paper print-paper-80'}
              data-testid="print-preview-lines"
              aria-label={t('printing.preview.width', { columns: preview.columns })}
              tabIndex={0}
            >
              {preview.lines.join('\n')}
            </pre>
            {note ? (
              <p className="muted" data-testid="print-preview-note">
                {note}
              </p>
            ) : null}
          </>
        )}
        <div className="buttons">
          {onPrint ? (
            <button type="button" className="primary" onClick={onPrint}>
              {t('printing.print')}
            </button>
          ) : null}
          <button ref={closeButton} type="button" className="secondary" onClick={onClose} data-testid="print-preview-close">
            {t('printing.preview.close')}
          </button>
          <span className="muted">{t('printing.preview.keys')}</span>
        </div>
      </div>
    </div>
  );
}

/** Tab and Shift+Tab cycle through the dialog's own focusable elements. */
function keepFocusInside(event: KeyboardEvent, container: HTMLElement | null) {
  if (!container) return;
  const focusable = [...container.querySelectorAll<HTMLElement>('button:not([disabled]), [tabindex="0"]')];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const inside = document.activeElement instanceof Node && container.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

/** A "Preview" button that opens the dialog for `request`; `onPrint` is offered inside it when given. */
export function PreviewButton({ request, onPrint, testId }: { readonly request: PrintRequest; readonly onPrint?: () => void; readonly testId?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="small secondary" onClick={() => setOpen(true)} data-testid={testId ?? 'preview-button'}>
        {t('printing.preview.open')}
      </button>
      {open ? (
        <PrintPreview
          request={request}
          onClose={() => setOpen(false)}
          {...(onPrint
            ? {
                onPrint: () => {
                  setOpen(false);
                  onPrint();
                },
              }
            : {})}
        />
      ) : null}
    </>
  );
}

/**
 * Why the last document did not print, with a reprint button when the job was kept; nothing when it printed.
 * `children` (e.g. a Preview button) follow the reprint button.
 */
export function PrintNotice({
  result,
  onResult,
  children,
}: {
  readonly result: PrintResult | null;
  readonly onResult: (result: PrintResult) => void;
  readonly children?: ReactNode;
}) {
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
      {children}
    </div>
  );
}
