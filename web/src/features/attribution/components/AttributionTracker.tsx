import { useEffect } from 'react';
import type { SiteData } from '../../../lib/types';
import { loadChunk } from '../../../lib/rest/chunks';

const loadTracker = () => import('../start');

/**
 * Starts order attribution after hydration. Its code neither paints nor answers a click, so it
 * is fetched then, not with the page (the landing URL and referrer it reads do not change).
 * `onStarted` is called once it has run (or could not be loaded).
 */
export function AttributionTracker({ tracking, onStarted }: { tracking: SiteData['tracking']; onStarted?: () => void }) {
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    loadChunk(loadTracker)
      .then(
        (m) => {
          if (live) stop = m.startTracking(tracking);
        },
        (e: unknown) => console.error('attribution', e),
      )
      .finally(() => live && onStarted?.());
    return () => {
      live = false;
      stop?.();
    };
  }, [tracking, onStarted]);
  return null;
}
