/** Calls `fn` at most once per `ms`: at once, and once more at the end of a burst. */
export function throttle(fn: () => void, ms: number): { (): void; cancel: () => void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    last = Date.now();
    timer = undefined;
    fn();
  };
  const throttled = () => {
    const wait = last + ms - Date.now();
    if (wait <= 0) run();
    else timer ??= setTimeout(run, wait);
  };
  throttled.cancel = () => clearTimeout(timer);
  return throttled;
}
