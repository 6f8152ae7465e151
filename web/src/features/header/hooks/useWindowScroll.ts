/**
 * One shared reading of the window's scroll position, width and scroll
 * direction, updated by one scroll listener (throttled 100 ms) and one resize
 * listener (throttled 150 ms) for every component that needs them.
 */
import { useSyncExternalStore } from 'react';
import { RESIZE_THROTTLE_MS, SCROLL_THROTTLE_MS } from '../../../config/constants';
import { throttle } from '../../../lib/throttle';
import { windowWidth } from '../../../lib/windowWidth';
import { scrollDirection, type Direction } from '../model/header';

export interface WindowScroll {
  y: number;
  /** 0 until read in the browser (on the server and while hydrating). */
  width: number;
  direction: Direction | null;
}

const SERVER: WindowScroll = { y: 0, width: 0, direction: null };
let current: WindowScroll = SERVER;
const listeners = new Set<() => void>();
let detach: (() => void) | undefined;

/** On scroll the width is kept (reading it costs a layout); a resize reads it again. */
function read(resized: boolean): void {
  const y = window.scrollY;
  const width = resized || current.width === 0 ? windowWidth() : current.width;
  const direction = scrollDirection(current.y, y, current.direction);
  if (y === current.y && width === current.width && direction === current.direction) return;
  current = { y, width, direction };
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!detach) {
    const onScroll = throttle(() => read(false), SCROLL_THROTTLE_MS);
    const onResize = throttle(() => read(true), RESIZE_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    detach = () => {
      onScroll.cancel();
      onResize.cancel();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
    };
    current = { y: window.scrollY, width: windowWidth(), direction: null };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      detach?.();
      detach = undefined;
    }
  };
}

export function useWindowScroll(): WindowScroll {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => SERVER,
  );
}
