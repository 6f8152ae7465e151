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
