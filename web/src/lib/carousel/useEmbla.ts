import type { EmblaCarouselType, EmblaOptionsType, EmblaPluginType } from 'embla-carousel';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { loadChunk } from '../rest/chunks';

export type EmblaApi = EmblaCarouselType;

export interface Embla {
  /** The carousel, once its code has loaded and it runs. */
  api: EmblaApi | undefined;
  /** Runs `fn` on the carousel now, or the moment it runs (and asks for it to load at once). */
  call: (fn: (api: EmblaApi) => void) => void;
}

const loadEmbla = () => import('embla-carousel').then((m) => m.default);
const INTENT_EVENTS = ['pointerenter', 'focusin', 'touchstart'] as const;
/** How far outside the window a carousel starts loading. */
const NEAR_MARGIN = '200px';

/**
 * embla (vanilla) on the returned ref's element, its code fetched after hydration: when the
 * carousel comes near the window or on the first sign of intent (pointer, focus, touch), never
 * in the page's first load. Until then the slides stand as the server rendered them (the
 * first one shown). A call made before embla runs waits for it; a failed load is tried again
 * on the next intent; a carousel made with `active: false` never loads it. `options` is plain data (compared by value); `plugins`, when given,
 * must be stable and loads the plugins beside embla.
 */
export function useEmbla(options: EmblaOptionsType, plugins?: () => Promise<EmblaPluginType[]>): [(el: HTMLElement | null) => void, Embla] {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const [api, setApi] = useState<EmblaApi>();
  const waiting = useRef<Array<(api: EmblaApi) => void>>([]);
  const key = JSON.stringify(options);

  const inactive = options.active === false;
  useEffect(() => {
    if (!node || wanted || inactive) return;
    const want = () => setWanted(true);
    const host = node.parentElement ?? node;
    const near =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && want(), { rootMargin: NEAR_MARGIN })
        : null;
    if (near) near.observe(node);
    else want();
    for (const e of INTENT_EVENTS) host.addEventListener(e, want, { passive: true });
    return () => {
      near?.disconnect();
      for (const e of INTENT_EVENTS) host.removeEventListener(e, want);
    };
  }, [node, wanted, inactive]);

  useEffect(() => {
    if (!node || !wanted) return;
    let live = true;
    let made: EmblaApi | undefined;
    Promise.all([loadChunk(loadEmbla), plugins ? loadChunk(plugins) : Promise.resolve([])]).then(
      ([create, loaded]) => {
        if (!live) return;
        made = create(node, JSON.parse(key) as EmblaOptionsType, loaded);
        setApi(made);
      },
      () => live && setWanted(false),
    );
    return () => {
      live = false;
      made?.destroy();
      setApi(undefined);
    };
  }, [node, wanted, key, plugins]);

  // The carousel is handed to `call` only after the passive effects of the render that hands it
  // out have run (a component listens to 'select' in such an effect): between React's commit and
  // those effects a click would otherwise move a carousel nobody listens to yet. Calls made
  // until then wait and run in that order.
  const live = useRef<EmblaApi | undefined>(undefined);
  useEffect(() => {
    if (!api) return;
    let current = true;
    queueMicrotask(() => {
      if (!current) return;
      live.current = api;
      for (const fn of waiting.current.splice(0)) fn(api);
    });
    return () => {
      current = false;
      live.current = undefined;
    };
  }, [api]);

  const call = useCallback((fn: (api: EmblaApi) => void) => {
    if (live.current) {
      fn(live.current);
      return;
    }
    waiting.current.push(fn);
    setWanted(true);
  }, []);
  return [setNode, useMemo(() => ({ api, call }), [api, call])];
}
