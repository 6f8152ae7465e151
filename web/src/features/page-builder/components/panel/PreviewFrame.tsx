import { useEffect, useRef, useState } from 'react';
import { EDITOR_PREVIEW_WIDTHS } from '../../../../config/constants';
import { t } from '../../../../lib/i18n';
import { editorView, useEditorView } from '../../model/editorStore';
import { previewScale, previewUrl } from '../../model/preview';
import { PREVIEW_MESSAGE, PREVIEW_READY } from '../../model/previewMode';

export type Band = keyof typeof EDITOR_PREVIEW_WIDTHS;
export const BANDS: Band[] = ['desktop', 'tablet', 'mobile'];

export const bandLabel = (band: Band): string => (band === 'desktop' ? t('Desktop') : band === 'tablet' ? t('Tablet') : t('Mobile'));

/**
 * The page at one band's width (spec §9 bands), in a frame scaled to fit the room beside the
 * panel: the band's own media queries and carousel settings apply, whatever the window. The
 * frame shows the editor's unsaved document (sent by message), not the saved page.
 */
export function PreviewFrame({ band, onClose }: { band: Band; onClose: () => void }) {
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [room, setRoom] = useState({ width: 0, height: 0 });
  const view = useEditorView();
  const width = EDITOR_PREVIEW_WIDTHS[band];
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const measure = () => setRoom({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const send = () => {
    const v = editorView();
    frame.current?.contentWindow?.postMessage(
      { type: PREVIEW_MESSAGE, doc: v.doc, media: v.media, products: v.products },
      window.location.origin,
    );
  };
  // The frame asks once it is listening; after that every change is sent.
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (
        e.origin === window.location.origin &&
        e.source === frame.current?.contentWindow &&
        (e.data as { type?: string } | null)?.type === PREVIEW_READY
      )
        send();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  useEffect(send, [view.doc, view.media, view.products]);
  const scale = previewScale(room.width, width);
  return (
    <div className="editor-preview" role="region" aria-label={t('Preview')}>
      <div className="editor-preview__bar">
        <span>{t('Preview: %s (%d px)', bandLabel(band), width)}</span>
        <button type="button" className="button button--small" onClick={onClose}>
          {t('Close preview')}
        </button>
      </div>
      <div className="editor-preview__stage" ref={stage}>
        {room.width > 0 && (
          <iframe
            ref={frame}
            title={t('Preview')}
            src={previewUrl(window.location.href)}
            data-band={band}
            style={{
              width,
              height: room.height / scale,
              transform: `scale(${scale})`,
              marginLeft: Math.max(0, (room.width - width * scale) / 2),
            }}
          />
        )}
      </div>
    </div>
  );
}
