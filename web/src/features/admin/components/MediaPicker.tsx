import { useState } from 'react';
import { t } from '../../../lib/i18n';
import { useApi } from '../AdminScreens';
import { errorMessage } from '../model/errors';
import type { Media } from '../model/types';
import { useLoad } from './useLoad';

type Upload = { name: string; state: 'uploading' | 'done' | 'failed'; message?: string };

/** The media library: pick an image, or upload new ones (each through the REST client's upload, with post-processing retries). */
export function MediaPicker({ chosen, onPick, uploadOnly = false }: { chosen: number[]; onPick: (m: Media) => void; uploadOnly?: boolean }) {
  const api = useApi();
  const [load, reload] = useLoad(() => (uploadOnly ? Promise.resolve([]) : api<Media[]>({ path: '/wp/v2/media?per_page=40&media_type=image' })), 'media');
  const [uploads, setUploads] = useState<Upload[]>([]);

  async function upload(files: FileList) {
    const list = Array.from(files);
    const state: Upload[] = list.map((f) => ({ name: f.name, state: 'uploading' }));
    setUploads([...state]);
    for (const [i, file] of list.entries()) {
      const form = new FormData();
      form.append('file', file, file.name);
      try {
        const media = await api<Media>({ path: '/wp/v2/media', method: 'POST', body: form });
        state[i] = { name: file.name, state: 'done' };
        onPick(media);
      } catch (e) {
        state[i] = { name: file.name, state: 'failed', message: errorMessage(e) };
      }
      setUploads([...state]);
    }
    reload();
  }

  const done = uploads.filter((u) => u.state !== 'uploading').length;
  return (
    <div className="admin-media">
      <label className="admin-upload">
        {t('Upload images')}
        <input type="file" accept="image/jpeg,image/png,image/webp,image/gif" multiple onChange={(e) => e.target.files && void upload(e.target.files)} />
      </label>
      {uploads.length > 0 && (
        <div className="admin-upload-progress">
          <progress max={uploads.length} value={done} aria-label={t('Upload progress')} />
          <ul>
            {uploads.map((u, i) => (
              <li key={i} role={u.state === 'failed' ? 'alert' : undefined}>
                {u.name}: {u.state === 'uploading' ? t('uploading…') : u.state === 'done' ? t('uploaded') : u.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {load.state === 'failed' && <p className="notice notice--error">{load.message}</p>}
      {load.state === 'ready' && !uploadOnly && (
        <ul className="admin-media__grid" aria-label={t('Media library')}>
          {load.value.map((m) => (
            <li key={m.id}>
              <button type="button" aria-pressed={chosen.includes(m.id)} onClick={() => onPick(m)} title={m.alt_text}>
                <img src={m.media_details?.sizes?.['thumbnail']?.source_url ?? m.source_url} alt={m.alt_text || t('Image %d', m.id)} width={72} height={72} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
