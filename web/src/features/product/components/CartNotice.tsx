import { t } from '../../../lib/i18n';

/**
 * What an add-to-cart form shows: added (with a link to the cart) or why not. Screen readers hear
 * it through lib/announce (the forms call it), so the notice itself is no live region: one
 * inserted together with its text is often not read, and two would speak twice.
 */
export interface CartMessage {
  kind: 'ok' | 'error';
  text: string;
}

export function CartNotice({ message }: { message: CartMessage | null }) {
  if (!message) return null;
  return (
    <p className={`notice notice--${message.kind}`}>
      {message.text} {message.kind === 'ok' && <a href="/warenkorb/">{t('View cart')}</a>}
    </p>
  );
}
