import { t } from '../../../lib/i18n';

/** What an add-to-cart form says: added (a status, with a link to the cart) or why not (an alert). */
export interface CartMessage {
  kind: 'ok' | 'error';
  text: string;
}

export function CartNotice({ message }: { message: CartMessage | null }) {
  if (!message) return null;
  return (
    <p className={`notice notice--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
      {message.text} {message.kind === 'ok' && <a href="/warenkorb/">{t('View cart')}</a>}
    </p>
  );
}
