import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { SiteData } from '../../../lib/types';
import { LazyPart } from '../../../components/LazyPart';
import { QuickViewContext } from '../../../components/quickView';

const loadDialog = () => import('./QuickViewDialog');

/**
 * Holds the quick-view modals of a page: each product's is created on its
 * first request and kept afterwards (reopened, never recreated).
 */
export function QuickViewHost({ site, children }: { site: SiteData; children: ReactNode }) {
  const [created, setCreated] = useState<number[]>([]);
  const [active, setActive] = useState<number | null>(null);
  const open = useCallback((id: number) => {
    setCreated((list) => (list.includes(id) ? list : [...list, id]));
    setActive(id);
  }, []);
  const close = useCallback(() => setActive(null), []);
  const value = useMemo(() => open, [open]);
  return (
    <QuickViewContext.Provider value={value}>
      {children}
      {created.map((id) => (
        <LazyPart
          key={id}
          load={loadDialog}
          errorClassName="chunk-error--floating"
          render={(m) => <m.QuickViewDialog id={id} site={site} open={active === id} onClose={close} />}
        />
      ))}
    </QuickViewContext.Provider>
  );
}
