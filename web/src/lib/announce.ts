import { ANNOUNCE_ASSERTIVE_ID, ANNOUNCE_DELAY_MS, ANNOUNCE_POLITE_ID } from '../config/constants';

type Politeness = 'polite' | 'assertive';

/**
 * The live region to speak through: the document's (laden-http's `documents::ANNOUNCER`), or, while a modal dialog
 * is open, one inside it, since everything outside a modal `<dialog>` is inert and its live
 * regions are not read.
 */
function region(politeness: Politeness): HTMLElement | null {
  const modal = document.querySelector('dialog:modal');
  if (!modal) return document.getElementById(politeness === 'polite' ? ANNOUNCE_POLITE_ID : ANNOUNCE_ASSERTIVE_ID);
  let el = modal.querySelector<HTMLElement>(`[data-announce="${politeness}"]`);
  if (!el) {
    el = document.createElement('p');
    el.className = 'visually-hidden';
    el.dataset['announce'] = politeness;
    el.setAttribute('aria-live', politeness);
    el.setAttribute('aria-atomic', 'true');
    modal.append(el);
  }
  return el;
}

/**
 * Says `text` to screen readers: polite for what happened (cart changes, a variation's
 * availability), assertive for refusals. The text goes into a region that is already on the
 * page (a region inserted together with its text is often not read), cleared first so the same
 * sentence twice is spoken twice. Without a region it does nothing.
 */
export function announce(text: string, politeness: Politeness = 'polite'): void {
  const el = region(politeness);
  if (!el || text === '') return;
  el.textContent = '';
  setTimeout(() => {
    el.textContent = text;
  }, ANNOUNCE_DELAY_MS);
}
