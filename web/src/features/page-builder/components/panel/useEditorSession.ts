import { useEffect, useState } from 'react';
import { t } from '../../../../lib/i18n';
import { RestError } from '../../../../lib/rest/client';
import { loggedInClient } from '../../../../lib/rest/staff';
import { staffApi, type StaffApi } from '../../../../lib/staff/staffApi';
import type { ImageData } from '../../../../lib/types';
import type { Layout } from '../../model/editorState';
import { setEditorView } from '../../model/editorStore';
import { layoutFromWire } from '../../model/layoutFromWire';
import { imageOf } from '../../model/media';
import { errorText } from './errorText';

/** What the editor starts from: the page as saved, and the media library. */
export interface Session {
  api: StaffApi;
  layout: Layout;
  revision: number;
  status: string;
  library: ImageData[];
}

/** Loads the page (edit context) and the library for the logged-in editor; `error` when that fails. */
export function useEditorSession(pageId: number): { session: Session | null; error: string | null } {
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    (async () => {
      const client = await loggedInClient();
      if (!client) throw new RestError('rest_not_logged_in', t('You are not currently logged in.'), 401);
      const api = staffApi(client);
      const page = await api.pages.get(pageId);
      const media = await api.media.list('per_page=40&media_type=image').catch(() => []);
      if (!live) return;
      const layout = layoutFromWire(page.laden_layout);
      if (!layout) throw new RestError('rest_invalid_layout', t('An unknown error occurred.'), 500);
      setSession({ api, layout, revision: page.laden_revision ?? 0, status: page.status, library: media.map(imageOf) });
      setEditorView({ doc: layout, selected: null, place: null });
    })().catch((e: unknown) => setError(errorText(e)));
    return () => {
      live = false;
      setEditorView({ doc: null, selected: null, place: null, drop: null });
    };
  }, [pageId]);
  return { session, error };
}

/** Marks the document while the editor is open (the page's styles make room for the panel). */
export function useEditorMark(): void {
  useEffect(() => {
    document.documentElement.dataset['editor'] = 'open';
    return () => {
      delete document.documentElement.dataset['editor'];
    };
  }, []);
}

/** Unsaved work is not lost by leaving the page unawares: the browser asks first. */
export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [dirty]);
}
