import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type RefObject, type SyntheticEvent } from 'react';

/** What Tab stops at inside a dialog, in order (shown ones only). */
function tabStops(root: HTMLElement): HTMLElement[] {
  return [
    ...root.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
    ),
  ].filter((el) => el.getClientRects().length > 0);
}

/**
 * A native modal `<dialog>` driven by `open`: shown with `showModal()` (focus
 * moves in, the page behind is inert), closed by Escape, a click on the
 * backdrop or the caller; focus returns to what had it before. Tab and
 * Shift+Tab go round inside it (the browser would leave to its own toolbar).
 * Spread the returned props onto the `<dialog>`.
 */
export function useModalDialog(
  open: boolean,
  onClose: () => void,
): {
  ref: RefObject<HTMLDialogElement | null>;
  onCancel: (e: SyntheticEvent<HTMLDialogElement>) => void;
  onClose: () => void;
  onClick: (e: MouseEvent<HTMLDialogElement>) => void;
  onKeyDown: (e: KeyboardEvent<HTMLDialogElement>) => void;
} {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      opener.current = document.activeElement;
      el.showModal();
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);

  return {
    ref,
    onCancel: (e) => {
      e.preventDefault();
      onClose();
    },
    onClose: () => {
      const back = opener.current;
      if (back instanceof HTMLElement) back.focus();
    },
    onClick: (e) => {
      // A click on the backdrop lands on the dialog element itself.
      if (e.target === ref.current) onClose();
    },
    onKeyDown: (e) => {
      const el = ref.current;
      if (e.key !== 'Tab' || !el) return;
      const stops = tabStops(el);
      const [first, last] = [stops[0], stops[stops.length - 1]];
      if (!first || !last) return;
      if (e.shiftKey ? document.activeElement === first : document.activeElement === last) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      }
    },
  };
}
