import type { ReactNode } from 'react';
import { SidebarTree, type SidebarTreeNode } from '../../components/SidebarTree';
import { PageContent } from '../../features/page-builder/components/PageContent';
import { layoutHasTitle } from '../../features/page-builder/model/title';
import { t } from '../../lib/i18n';
import type { MenuItemData } from '../../lib/types';
import type { DataOf } from './registry';

const menuTree = (items: MenuItemData[]): SidebarTreeNode[] =>
  items.map((i) => ({ id: i.id, title: i.title, href: i.href, children: menuTree(i.children) }));

/** Content pages: the page navigation (the main menu as an expandable tree) beside the content. */
function PageWithSidebar({ data, children }: { data: DataOf<'page'>; children: ReactNode }) {
  return (
    <div className="page-layout">
      <aside className="page-layout__sidebar">
        <nav aria-label={t('Page navigation')}>
          <SidebarTree nodes={menuTree(data.menus.primary)} isCurrent={(n) => n.href === data.path} />
        </nav>
      </aside>
      <div className="page-layout__content">{children}</div>
    </div>
  );
}

export function View({ data }: { data: DataOf<'page'> }) {
  return (
    <PageWithSidebar data={data}>
      {!layoutHasTitle(data.page.content.sections) && <h1 className="page-title">{data.page.title}</h1>}
      <PageContent
        sections={data.page.content.sections}
        media={data.media}
        shippingPage={data.site.shop.shippingPage}
        pageId={data.page.id}
      />
    </PageWithSidebar>
  );
}
