import { OrderReceived } from '../../features/checkout/components/OrderReceived';
import type { DataOf } from './registry';

export function View({ data }: { data: DataOf<'order'> }) {
  return <OrderReceived order={data.order} bank={data.bank} />;
}
