import { LazyPart } from '../../../components/LazyPart';

const loadMiniCart = () => import('./MiniCart');

/** Fetches the mini cart's code ahead of its first opening (hover or focus on the cart link). */
export function prefetchMiniCart(): void {
  loadMiniCart().catch(() => undefined);
}

/**
 * The mini cart, its code loaded when it is first asked for (spec §8's German retry if that
 * fails): the header mounts it on the first click of its cart link, already open.
 */
export function LazyMiniCart(props: { open: boolean; onClose: () => void; shippingPage: string }) {
  return <LazyPart load={loadMiniCart} errorClassName="chunk-error--floating" render={(m) => <m.MiniCart {...props} />} />;
}
