import { Listing } from '../../features/catalog/components/Listing';
import type { DataOf } from './registry';

export function View({ data }: { data: DataOf<'shop' | 'category'> }) {
  return (
    <Listing
      title={data.title}
      description={data.category?.description ?? ''}
      products={data.products}
      pagination={data.pagination}
      categories={data.categories}
      current={data.category?.slug ?? null}
      orderby={data.orderby}
      search={data.search}
      filter={data.filter}
      shippingPage={data.site.shop.shippingPage}
    />
  );
}
