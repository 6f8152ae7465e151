import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { t } from '../../../lib/i18n';
import { useApi } from './useApi';
import { errorMessage } from '../model/errors';
import type { Media } from '../model/types';

/**
 * An image's alternative text (WCAG 1.1.1, which the BFSG asks of a shop), saved through
 * wp/v2/media with its button or Enter (no form of its own: it also stands inside the product
 * editor's). While it is empty a warning says why it matters; `focus` puts the cursor in the
 * field (after an upload, so the text is asked for at once). `children`: more buttons in the row.
 */
export function AltTextField({
  media,
  label,
  focus = false,
  children,
}: {
  media: Media;
  label: string;
  focus?: boolean;
  children?: ReactNode;
}) {
  const api = useApi();
  const [alt, setAlt] = useState(media.alt_text);
  const [saved, setSaved] = useState(media.alt_text);
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus]);
  // The same image can stand twice on a screen (its upload and its library row): ids of its own.
  const id = useId();
  async function save() {
    try {
      const updated = await api.media.update(media.id, { alt_text: alt });
      setSaved(updated.alt_text);
      setNote({ error: false, text: t('Saved.') });
    } catch (err) {
      setNote({ error: true, text: errorMessage(err) });
    }
  }
  const missing = saved.trim() === '';
  return (
    <div className="admin-inline-form">
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        type="text"
        value={alt}
        onChange={(e) => setAlt(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          void save();
        }}
        aria-describedby={missing ? `${id}-missing` : undefined}
      />
      <button type="button" className="button button--small" onClick={() => void save()}>
        {t('Save')}
      </button>
      {children}
      {missing && (
        <p id={`${id}-missing`} className="admin-field__warning">
          {t(
            'No alternative text yet: describe what the image shows, so that screen readers can read it out (leave it empty only for pure decoration).',
          )}
        </p>
      )}
      {note && (
        <span className={note.error ? 'admin-field__error' : 'admin-saved'} role={note.error ? 'alert' : 'status'}>
          {note.text}
        </span>
      )}
    </div>
  );
}
