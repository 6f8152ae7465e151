import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../model/errors';

export type Load<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; message: string };

/** Runs `fetcher` on mount and whenever `key` changes; `reload` runs it again. */
export function useLoad<T>(fetcher: () => Promise<T>, key: string): [Load<T>, () => void] {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  // `fetcher` is recreated every render; `key` and `round` say when to fetch again, with the newest one.
  const latest = useRef(fetcher);
  useEffect(() => {
    latest.current = fetcher;
  });
  useEffect(() => {
    let live = true;
    latest.current().then(
      (value) => live && setLoad({ state: 'ready', value }),
      (e: unknown) => live && setLoad({ state: 'failed', message: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  return [load, useCallback(() => setRound((n) => n + 1), [])];
}

/**
 * A form over a loaded record: made by `toForm` in the render the record arrives in (and again
 * when a reload brings a new one), then edited through `setForm`; null while nothing is loaded.
 * Derived while rendering, not copied in an effect, so no render shows a ready screen without it.
 */
export function useLoadedForm<T, F>(load: Load<T>, toForm: (value: T) => F): [F | null, (next: F | ((form: F) => F)) => void] {
  const [held, setHeld] = useState<{ source: T; form: F } | null>(null);
  let current = held;
  if (load.state === 'ready' && held?.source !== load.value) {
    current = { source: load.value, form: toForm(load.value) };
    setHeld(current);
  }
  const setForm = useCallback(
    (next: F | ((form: F) => F)) =>
      setHeld((h) => h && { source: h.source, form: typeof next === 'function' ? (next as (form: F) => F)(h.form) : next }),
    [],
  );
  return [current?.form ?? null, setForm];
}
