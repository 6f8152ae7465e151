import { useEffect, useRef } from 'react';
import { EDITOR_PRODUCT_FETCH_DELAY_MS } from '../../../../config/constants';
import type { StaffApi } from '../../../../lib/staff/staffApi';
import type { Widget } from '../../../../lib/types';
import type { Layout } from '../../model/editorState';
import { layoutFromWire } from '../../model/layoutFromWire';
import { editorView, setEditorView } from '../../model/editorStore';
import { cacheProducts, missingProductWidgets } from '../../model/preview';
import { productKey } from '../../model/productCache';

/** Product grids and carousels show their products as soon as their settings change. */
export function useProductPreviews(api: StaffApi | null, doc: Layout | null): void {
  const pending = useRef(new Set<string>());
  useEffect(() => {
    if (!api || !doc) return;
    const timer = window.setTimeout(() => {
      for (const w of missingProductWidgets(doc, editorView().products)) {
        const key = productKey(w)!;
        if (pending.current.has(key)) continue;
        pending.current.add(key);
        api.pages
          .preview({ version: 1, sections: [{ columns: [{ widgets: [w] }] }] })
          // The preview answers the layout it was sent, with the widgets' products filled in.
          .then((r): Widget[] => layoutFromWire(r.content)?.sections[0]?.columns[0]?.widgets ?? [])
          // Settings the server refuses show no products; the save names the problem.
          .catch((): Widget[] => [])
          .then((resolved) => {
            pending.current.delete(key);
            setEditorView({ products: cacheProducts(editorView().products, [w], resolved) });
          });
      }
    }, EDITOR_PRODUCT_FETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [api, doc]);
}
