import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { t } from '../lib/i18n';
import { ChunkLoadError, loadChunk } from '../lib/rest/chunks';

type State<T> = { kind: 'loading' } | { kind: 'ready'; value: T } | { kind: 'failed'; error: ChunkLoadError };

/**
 * Loads a code-split part of the page (`load = () => import('…')`) when it
 * mounts and renders it with `render`. If the chunk does not load (spec §8:
 * failed, or not within 120 s) the visitor sees a German message and a button
 * that loads it again.
 */
export function LazyPart<T>({
  load,
  render,
  fallback = null,
  errorClassName = '',
}: {
  load: () => Promise<T>;
  render: (value: T) => ReactNode;
  fallback?: ReactNode;
  errorClassName?: string;
}) {
  const [state, setState] = useState<State<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    loadChunk(load).then(
      (value) => live && setState({ kind: 'ready', value }),
      (e: unknown) => live && setState({ kind: 'failed', error: e instanceof ChunkLoadError ? e : new ChunkLoadError(e) }),
    );
    return () => {
      live = false;
    };
    // `load` is a stable import thunk (a module-level constant); a retry is a new attempt.
  }, [load, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.kind === 'ready') return <>{render(state.value)}</>;
  if (state.kind === 'loading') return <>{fallback}</>;
  return (
    <div className={`chunk-error notice notice--error ${errorClassName}`.trim()} role="alert">
      <p>{state.error.message}</p>
      <button type="button" className="button" onClick={retry}>
        {t('Try again')}
      </button>
    </div>
  );
}
