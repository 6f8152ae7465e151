import { useState } from 'react';
import { announce } from '../../../lib/announce';
import { t } from '../../../lib/i18n';
import { RestError } from '../../../lib/rest/store';
import type { CartMessage } from './CartNotice';

/**
 * An add-to-cart form's state: its message and whether it is sending. `refuse` shows and says why
 * not at once; `add` runs the adding, whose answer is the confirmation (a failure is refused).
 */
export function useCartForm() {
  const [message, setMessage] = useState<CartMessage | null>(null);
  const [busy, setBusy] = useState(false);

  function refuse(text: string) {
    setMessage({ kind: 'error', text });
    announce(text, 'assertive');
  }

  async function add(run: () => Promise<string>) {
    if (busy) return;
    setMessage(null);
    setBusy(true);
    try {
      setMessage({ kind: 'ok', text: await run() });
    } catch (err) {
      refuse(err instanceof RestError ? err.message : t('An unknown error occurred.'));
    } finally {
      setBusy(false);
    }
  }

  return { message, busy, refuse, add };
}
