import { ProductPage } from '../../features/product/components/ProductPage';
import type { DataOf } from './registry';

export function View({ data }: { data: DataOf<'product'> }) {
  return (
    <ProductPage
      site={data.site}
      product={data.product}
      gallery={data.gallery}
      variations={data.variations}
      reviews={data.reviews}
      attributeParams={data.attributeParams}
      initialChoice={data.initialChoice}
      grouped={data.grouped}
      upsells={data.upsells}
    />
  );
}
