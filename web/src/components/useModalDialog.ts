import { useEffect, useRef, type MouseEvent, type RefObject, type SyntheticEvent } from 'react';

/**
 * A native modal `<dialog>` driven by `open`: shown with `showModal()` (focus
 * moves in and is trapped, the page behind is inert), closed by Escape, a
 * click on the backdrop or the caller; focus returns to what had it before.
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
  };
}
