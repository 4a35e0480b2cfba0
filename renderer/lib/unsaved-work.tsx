/**
 * Unsaved work and leaving a screen. A screen (or any form in it) declares it holds unsaved work with
 * `useUnsavedWork(dirty)`; the app frame wraps its screens in `UnsavedWorkProvider` and sends every way of leaving
 * — F1–F5, the navigation buttons, the sync bar's "needs attention", sign-out — through `guard(leave)`, which asks
 * on screen first while anything is dirty. One mechanism, so a new screen or a new way out cannot forget to ask.
 */
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';

interface Registry {
  set(id: string, dirty: boolean): void;
}

const UnsavedWorkContext = createContext<Registry | null>(null);

/** Declares that the calling component holds unsaved work while `dirty`; cleared when it unmounts. */
export function useUnsavedWork(dirty: boolean): void {
  const registry = useContext(UnsavedWorkContext);
  const id = useId();
  useEffect(() => {
    registry?.set(id, dirty);
  }, [registry, id, dirty]);
  useEffect(() => () => registry?.set(id, false), [registry, id]);
}

export interface LeaveGuard {
  /** Runs `leave` at once when nothing is dirty; otherwise keeps it until the cashier confirms or stays. */
  guard(leave: () => void): void;
  /** The leave waiting for an answer, if any. */
  readonly asking: boolean;
  confirm(): void;
  stay(): void;
  /** Wraps the screens whose unsaved work counts. */
  Provider: (props: { children: ReactNode }) => ReactNode;
}

/** The frame's side: which components are dirty, and the leave waiting for a confirmation. */
export function useLeaveGuard(): LeaveGuard {
  const dirty = useRef(new Set<string>());
  const registry = useMemo<Registry>(
    () => ({
      set(id, value) {
        if (value) dirty.current.add(id);
        else dirty.current.delete(id);
      },
    }),
    [],
  );
  const pending = useRef<(() => void) | null>(null);
  const [asking, setAsking] = useState(false);
  const guard = useCallback((leave: () => void) => {
    if (dirty.current.size === 0) return leave();
    pending.current = leave;
    setAsking(true);
  }, []);
  const confirm = useCallback(() => {
    const leave = pending.current;
    pending.current = null;
    setAsking(false);
    // Leaving unmounts the dirty screen, which clears its entries; clear now too, so the leave is not asked again.
    dirty.current.clear();
    leave?.();
  }, []);
  const stay = useCallback(() => {
    pending.current = null;
    setAsking(false);
  }, []);
  const Provider = useMemo(
    () =>
      function UnsavedWorkProvider({ children }: { children: ReactNode }) {
        return <UnsavedWorkContext.Provider value={registry}>{children}</UnsavedWorkContext.Provider>;
      },
    [registry],
  );
  return { guard, asking, confirm, stay, Provider };
}
