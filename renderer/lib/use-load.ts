/**
 * Loads data for a screen and reloads it when `version` changes (a local write, a completed sync). The previous
 * data stays on screen while a reload runs, so lists do not flash; a load that finishes after a newer one started
 * is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  readonly loading: boolean;
  reload(): void;
}

export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const run = ++latest.current;
    setLoading(true);
    load().then(
      (value) => {
        if (run !== latest.current) return;
        setData(value);
        setError(undefined);
        setLoading(false);
      },
      (failure: unknown) => {
        if (run !== latest.current) return;
        setError(failure);
        setLoading(false);
      },
    );
    // `load` is rebuilt every render; the caller's deps say when it means something new.
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((value) => value + 1), []);
  return { data, error, loading, reload };
}
