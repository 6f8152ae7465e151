import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * After a refused submit, focus goes to the form's first field marked `aria-invalid` (WCAG 3.3.1,
 * 3.3.3: the shopper lands on what to correct, its error read with it through `aria-describedby`).
 * Call `focusFirstInvalid()` once the errors are set; the focus moves after React has shown them.
 */
export function useFirstInvalidFocus<T extends HTMLElement>(): { ref: RefObject<T | null>; focusFirstInvalid: () => void } {
  const ref = useRef<T>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  return { ref, focusFirstInvalid: () => setAttempt((n) => n + 1) };
}
