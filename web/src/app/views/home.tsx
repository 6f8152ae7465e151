import { PageContent } from '../../features/page-builder/components/PageContent';
import type { DataOf } from './registry';

export function View({ data }: { data: DataOf<'home'> }) {
  return (
    <PageContent
      sections={data.page.content.sections}
      media={data.media}
      shippingPage={data.site.shop.shippingPage}
      pageId={data.page.id}
    />
  );
}
