import { CartPage } from '../../features/cart/components/CartPage';
import type { DataOf } from './registry';

export function View({ data }: { data: DataOf<'cart'> }) {
  return <CartPage site={data.site} />;
}
