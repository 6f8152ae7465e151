import { useState } from 'react';
import { t } from '../../../lib/i18n';
import { useApi } from './useApi';
import { errorMessage } from '../model/errors';
import type { Media } from '../model/types';
import { AltTextField } from './AltTextField';
import { useLoad } from './useLoad';

type Upload = {
  name: string;
  size: number;
  sent: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  message?: string;
  /** The uploaded image, once done: its alternative text is asked for. */
  media?: Media;
};

/** Bytes sent of all chosen files (finished and failed files count whole), and their sum. */
export function uploadTotals(uploads: readonly Upload[]): { sent: number; total: number } {
  let sent = 0;
  let total = 0;
  for (const u of uploads) {
    total += u.size;
    sent += u.state === 'done' || u.state === 'failed' ? u.size : Math.min(u.sent, u.size);
  }
  return { sent, total };
}

/**
 * The media library: pick an image, or upload new ones (each through the REST client's upload,
 * with post-processing retries). Each uploaded image asks for its alternative text at once, the
 * first one's field taking the focus when all are done.
 */
export function MediaPicker({
  chosen,
  onPick,
  uploadOnly = false,
}: {
  chosen: number[];
  onPick: (m: Media) => void;
  uploadOnly?: boolean;
}) {
  const api = useApi();
  const [load, reload] = useLoad(() => (uploadOnly ? Promise.resolve([]) : api.media.list('per_page=40&media_type=image')), 'media');
  const [uploads, setUploads] = useState<Upload[]>([]);

  async function upload(files: FileList) {
    const list = Array.from(files);
    const state: Upload[] = list.map((f) => ({ name: f.name, size: Math.max(f.size, 1), sent: 0, state: 'waiting' }));
    setUploads([...state]);
    const update = (i: number, change: Partial<Upload>) => {
      state[i] = { ...state[i]!, ...change };
      setUploads([...state]);
    };
    for (const [i, file] of list.entries()) {
      const form = new FormData();
      form.append('file', file, file.name);
      update(i, { state: 'uploading' });
      try {
        // The multipart body is a little larger than the file: scale what is sent to the file's size.
        const media = await api.media.upload(form, (sent, total) =>
          update(i, { sent: total > 0 ? Math.round((sent / total) * state[i]!.size) : 0 }),
        );
        update(i, { state: 'done', sent: state[i]!.size, media });
        onPick(media);
      } catch (e) {
        update(i, { state: 'failed', message: errorMessage(e) });
      }
    }
    reload();
  }

  const { sent, total } = uploadTotals(uploads);
  const finished = uploads.length > 0 && uploads.every((u) => u.state === 'done' || u.state === 'failed');
  const firstDone = uploads.findIndex((u) => u.media !== undefined);
  const percent = (u: Upload) => Math.floor((Math.min(u.sent, u.size) / u.size) * 100);
  return (
    <div className="admin-media">
      <label className="admin-upload">
        {t('Upload images')}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          multiple
          onChange={(e) => e.target.files && void upload(e.target.files)}
        />
      </label>
      {uploads.length > 0 && (
        <div className="admin-upload-progress">
          <progress
            max={total}
            value={sent}
            aria-label={t('Upload progress')}
            aria-valuetext={t('%d %% uploaded', Math.floor((sent / Math.max(total, 1)) * 100))}
          />
          <ul>
            {uploads.map((u, i) => (
              <li key={i} role={u.state === 'failed' ? 'alert' : undefined} data-state={u.state}>
                {u.name}:{' '}
                {u.state === 'waiting'
                  ? t('waiting…')
                  : u.state === 'uploading'
                    ? t('%d %% uploaded', percent(u))
                    : u.state === 'done'
                      ? t('uploaded')
                      : u.message}
                {u.media && (
                  <AltTextField media={u.media} label={t('Alternative text for %s', u.name)} focus={finished && i === firstDone} />
                )}
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
                <img
                  src={m.media_details?.sizes?.['thumbnail']?.source_url ?? m.source_url}
                  alt={m.alt_text || t('Image %d', m.id)}
                  width={72}
                  height={72}
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
