import { t } from '../lib/i18n';

/** The delivery time a product states, else the shop's default. */
export function deliveryTimeText(own: string | undefined, fallback: string): string {
  return own?.trim() || fallback.trim();
}

/** "Lieferzeit: 2–4 Werktage", next to the price of every product the shopper can buy. */
export function DeliveryTime({ own, fallback }: { own: string | undefined; fallback: string }) {
  const text = deliveryTimeText(own, fallback);
  return text ? (
    <p className="delivery-time" data-testid="delivery-time">
      {t('Delivery time: %s', text)}
    </p>
  ) : null;
}
