import { SCRIPT_LOADING_TIMEOUT_MS } from '../../config/constants';
import { t } from '../i18n';

/** A code-split chunk that did not load (failed or timed out). */
export class ChunkLoadError extends Error {
  constructor(override readonly cause?: unknown) {
    super(t('A part of this page could not be loaded. Please try again.'));
    this.name = 'ChunkLoadError';
  }
}

/** Loads a chunk (`() => import('…')`), failing with a German error after spec §9's 120 s. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = SCRIPT_LOADING_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(e));
      },
    );
  });
}
