import { useEffect, useState } from 'react';
import type { CardData } from '../../../lib/types';
import { ProductGrid } from '../../../components/ProductCard';
import { t } from '../../../lib/i18n';
import { storeApi } from '../../../lib/rest/store';

function parseCards(raw: unknown): CardData[] {
  if (!Array.isArray(raw)) throw new Error('unexpected products response');
  return raw as CardData[];
}

/** "Das könnte Sie auch interessieren …": the cart's cross-sells, read from the Store API (a cached list). */
export function CrossSells({ ids, shippingPage }: { ids: number[]; shippingPage: string }) {
  const [products, setProducts] = useState<CardData[]>([]);
  const key = ids.join(',');
  useEffect(() => {
    if (key === '') {
      setProducts([]);
      return;
    }
    let live = true;
    storeApi(`/products?include=${key}&per_page=${ids.length}`, parseCards)
      .then((list) => {
        // In the order asked (the list answers in its own).
        if (live) setProducts(ids.map((id) => list.find((p) => p.id === id)).filter((p): p is CardData => p !== undefined));
      })
      .catch(() => {
        if (live) setProducts([]);
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `ids`
  }, [key]);
  if (products.length === 0) return null;
  return (
    <section className="cross-sells" aria-labelledby="cross-sells-title">
      <h2 id="cross-sells-title">{t('You may be interested in…')}</h2>
      <ProductGrid products={products} shippingPage={shippingPage} />
    </section>
  );
}
