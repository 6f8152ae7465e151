import { useState } from 'react';
import { t } from '../../../lib/i18n';
import { useApi } from '../components/useApi';
import { AltTextField } from '../components/AltTextField';
import { MediaPicker } from '../components/MediaPicker';
import { Pager } from '../components/Pager';
import { useLoad } from '../components/useLoad';
import { errorMessage } from '../model/errors';
import type { Media } from '../model/types';
import { LoadStatus } from '../components/LoadStatus';
import { SmallButton } from '../components/SmallButton';
import { SectionPanel } from '../components/Panel';

/** One library item: its alt text can be changed (a warning while it is empty), the item deleted. */
function MediaRow({ m, onDeleted }: { m: Media; onDeleted: () => void }) {
  const api = useApi();
  const [failed, setFailed] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="admin-media-row" data-testid="media-item">
      <img src={m.media_details?.sizes?.['thumbnail']?.source_url ?? m.source_url} alt="" width={96} height={96} loading="lazy" />
      <AltTextField media={m} label={t('Alternative text')}>
        {!confirming ? (
          <SmallButton onClick={() => setConfirming(true)}>{t('Delete')}</SmallButton>
        ) : (
          <button
            type="button"
            className="button button--small button--danger"
            onClick={async () => {
              try {
                await api.media.remove(m.id);
                onDeleted();
              } catch (err) {
                setFailed(errorMessage(err));
              }
            }}
          >
            {t('Really delete')}
          </button>
        )}
        {failed && (
          <span className="admin-field__error" role="alert">
            {failed}
          </span>
        )}
      </AltTextField>
    </li>
  );
}

/** The media library: upload (with progress), alternative text, delete. */
export function MediaLibrary() {
  const api = useApi();
  const [page, setPage] = useState(1);
  const [round, setRound] = useState(0);
  const [load, reload] = useLoad(() => api.media.page(`per_page=24&page=${page}&context=edit`), `${page}-${round}`);
  return (
    <>
      <h1>{t('Media')}</h1>
      <SectionPanel heading={t('Upload images')}>
        <MediaPicker chosen={[]} onPick={() => setRound((n) => n + 1)} uploadOnly />
      </SectionPanel>
      <LoadStatus load={load} />
      {load.state === 'ready' && (
        <ul className="admin-media-list">
          {load.value.items.map((m) => (
            <MediaRow key={m.id} m={m} onDeleted={reload} />
          ))}
        </ul>
      )}
      {load.state === 'ready' && <Pager page={page} totalPages={load.value.totalPages} onPage={setPage} />}
    </>
  );
}
