import { CheckoutPage } from '../../features/checkout/components/CheckoutPage';
import type { DataOf } from './registry';

export function View({ data }: { data: DataOf<'checkout'> }) {
  return (
    <CheckoutPage
      site={data.site}
      countries={data.countries}
      postcodes={data.postcodes}
      paymentMethods={data.paymentMethods}
      stripe={data.stripe}
    />
  );
}
