import { t } from '../../../../lib/i18n';
import { DELIVERY_TIME_MAX } from '../../../../config/constants';
import { InputField } from '../../components/Field';

/** Binds one of the form's delivery-time fields by its API name: its text, its change and its error. */
type Bind = (
  key: 'deliveryTime' | 'deliveryTimes',
  server: string,
) => { value: string; onChange: (value: string) => void; error: string | undefined };

/**
 * A product's or a variation's Lieferzeit: its own (empty: the shop's default; a variation's: the
 * product's) and its own for some countries (`AT: 7–10 Werktage | CH: …`).
 */
export function DeliveryTimeFields({ bind, variation = false }: { bind: Bind; variation?: boolean }) {
  return (
    <>
      <InputField
        label={t('Delivery time')}
        hint={variation ? t("Empty: the product's delivery time.") : t("Empty: the shop's default delivery time.")}
        maxLength={DELIVERY_TIME_MAX}
        {...bind('deliveryTime', 'meta_data.laden_delivery_time')}
      />
      <InputField
        label={t('Delivery time by country')}
        hint={
          variation
            ? t("For example “AT: 7–10 Werktage”. Other countries: this variation's delivery time, else the product's.")
            : t('For example “AT: 7–10 Werktage | CH: 10–14 Werktage”. Other countries: the delivery time above.')
        }
        {...bind('deliveryTimes', 'meta_data.laden_delivery_time_countries')}
      />
    </>
  );
}
