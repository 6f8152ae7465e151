import { PayOrderPage } from '../../features/checkout/components/PayOrderPage';
import type { DataOf } from './registry';

export function View({ data }: { data: DataOf<'orderPay'> }) {
  return <PayOrderPage view={data} />;
}
