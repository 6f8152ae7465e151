import { useEffect } from 'react';
import type { ImageData, Section } from '../../../lib/types';
import { LazyPart } from '../../../components/LazyPart';
import type { Layout } from '../model/editorState';
import { setEditorView, useEditorView } from '../model/editorStore';
import { previewModeIn, PREVIEW_MESSAGE, PREVIEW_READY } from '../model/previewMode';
import type { ProductCache } from '../model/productCache';
import { SectionView } from './Sections';

const loadCanvas = () => import('./EditingCanvas');

/**
 * In the editor's preview frame (`?editor_preview=1` inside the editor's page), the page
 * shows the document the editor sends, not the saved one.
 */
function usePreviewFrame() {
  useEffect(() => {
    if (!previewModeIn(window.location.search) || window.parent === window) return;
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== window.parent) return;
      const data = e.data as { type?: string; doc?: Layout; media?: Record<string, ImageData>; products?: ProductCache } | null;
      if (data?.type !== PREVIEW_MESSAGE || !data.doc) return;
      setEditorView({ doc: data.doc, media: data.media ?? {}, products: data.products ?? {}, preview: true, selected: null });
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ type: PREVIEW_READY }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}

export function PageContent({
  sections,
  media,
  shippingPage,
  pageId,
}: {
  sections: Section[];
  media: Record<string, ImageData>;
  shippingPage: string;
  pageId?: number;
}) {
  const editor = useEditorView();
  usePreviewFrame();
  const active = editor.doc !== null;
  const allMedia = active ? { ...media, ...editor.media } : media;
  const page = (
    <div className="page-content" data-page-id={pageId}>
      {(editor.doc?.sections ?? sections).map((s, si) => (
        <SectionView
          key={s.id ?? si}
          s={s}
          si={si}
          media={allMedia}
          products={active ? editor.products : null}
          shippingPage={shippingPage}
          first={si < 2}
        />
      ))}
    </div>
  );
  if (!active || editor.preview) return page;
  // The editor took over the page: its canvas, shown as the page until its code has loaded.
  return (
    <LazyPart
      load={loadCanvas}
      fallback={page}
      render={(m) => <m.EditingCanvas sections={sections} editing={editor} media={media} shippingPage={shippingPage} pageId={pageId} />}
    />
  );
}
