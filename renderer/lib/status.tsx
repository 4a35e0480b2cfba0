/**
 * Status messages that do not outstay their action. A message ("Conducted.", "Adjusted.", "No item has the
 * barcode …") answers one action; the next action — typing or choosing in a field, or pressing a button or a row —
 * clears it, so two answers to different actions never stand side by side. A screen spreads `clearsOnNextAction`
 * (capture-phase handlers) on its root: they run before the new action's own handler, which may then set the next
 * message. Keys are not watched: a scanner's Enter is handled at the document before React sees it, and its answer
 * must stay. Errors about a field are shown next to that field by the forms (`aria-invalid` + a line under it).
 */
import { useCallback, useMemo, useState, type MouseEvent } from 'react';

export interface ClearsOnNextAction {
  onInputCapture(): void;
  onClickCapture(event: MouseEvent<HTMLElement>): void;
}

/** Capture handlers that call `clear` when the next action starts inside the element they are spread on. */
export function useNextActionClears(clear: () => void): ClearsOnNextAction {
  return useMemo(
    () => ({
      onInputCapture: () => clear(),
      onClickCapture: (event: MouseEvent<HTMLElement>) => {
        const target = event.target as HTMLElement;
        if (target.closest('button, [role="row"], [role="option"], a, select, input')) clear();
      },
    }),
    [clear],
  );
}

export type StatusKind = 'success' | 'error';
export interface Status {
  readonly kind: StatusKind;
  readonly text: string;
}

/** A screen's one status message, cleared by the next action (spread `clearsOnNextAction` on the screen's root). */
export function useStatus() {
  const [status, setStatus] = useState<Status | null>(null);
  const clear = useCallback(() => setStatus(null), []);
  const say = useCallback((text: string) => setStatus({ kind: 'success', text }), []);
  const fail = useCallback((text: string) => setStatus({ kind: 'error', text }), []);
  const clearsOnNextAction = useNextActionClears(clear);
  return { status, say, fail, clear, clearsOnNextAction };
}

/** The message itself: a polite status for success, an alert for an error. */
export function StatusMessage({ status }: { readonly status: Status | null }) {
  if (!status) return null;
  return status.kind === 'error' ? (
    <div className="error" role="alert">
      {status.text}
    </div>
  ) : (
    <div className="success" role="status">
      {status.text}
    </div>
  );
}
