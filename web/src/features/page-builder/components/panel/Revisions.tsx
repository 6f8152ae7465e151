import { useState } from 'react';
import type { WpRevision } from '../../../../generated/wire';
import { t } from '../../../../lib/i18n';
import type { StaffApi } from '../../../../lib/staff/staffApi';
import type { Layout } from '../../model/editorState';
import { layoutFromWire } from '../../model/layoutFromWire';
import { errorText } from './errorText';

interface Props {
  api: StaffApi;
  pageId: number;
  /** Puts a version's layout in the editor (an edit like any other: undo takes it back). */
  restore: (layout: Layout) => void;
  onError: (text: string) => void;
}

/** The page's earlier versions, loaded when opened. */
export function Revisions({ api, pageId, restore, onError }: Props) {
  const [revisions, setRevisions] = useState<WpRevision[] | null>(null);
  async function show() {
    try {
      setRevisions(await api.pages.revisions(pageId));
    } catch (e) {
      onError(errorText(e));
    }
  }
  return (
    <details className="editor-panel__revisions" onToggle={(e) => (e.currentTarget.open ? void show() : undefined)}>
      <summary>{t('Earlier versions')}</summary>
      {revisions?.length === 0 && <p>{t('No earlier versions yet.')}</p>}
      <ul>
        {revisions?.map((r) => {
          const layout = layoutFromWire(r.laden_layout);
          return (
            <li key={r.id}>
              {t('Version %d', r.laden_revision)} · {r.date.replace('T', ' ')}{' '}
              <button type="button" className="button button--small" disabled={!layout} onClick={() => layout && restore(layout)}>
                {t('Restore')}
              </button>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
