/**
 * Loads data for a screen and reloads it when `version` changes (a local write, a completed sync). The previous
 * data stays on screen while a reload runs, so lists do not flash; a load that finishes after a newer one started
 * is dropped. `reload()` resolves once the data on screen is at least as new as the call, so a form can say "Recorded."
 * together with the balance it changed, not a moment before.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  readonly loading: boolean;
  reload(): Promise<void>;
}

export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  // Callers of reload() waiting for the next load to settle.
  const waiting = useRef<(() => void)[]>([]);

  useEffect(() => {
    const run = ++latest.current;
    const settled = () => {
      for (const resolve of waiting.current.splice(0)) resolve();
    };
    setLoading(true);
    load().then(
      (value) => {
        if (run !== latest.current) return;
        setData(value);
        setError(undefined);
        setLoading(false);
        settled();
      },
      (failure: unknown) => {
        if (run !== latest.current) return;
        setError(failure);
        setLoading(false);
        settled();
      },
    );
    // `load` is rebuilt every render; the caller's deps say when it means something new.
  }, [...deps, tick]);

  const reload = useCallback(
    () =>
      new Promise<void>((resolve) => {
        waiting.current.push(resolve);
        setTick((value) => value + 1);
      }),
    [],
  );
  return { data, error, loading, reload };
}
