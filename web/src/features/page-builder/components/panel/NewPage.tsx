import { useState, type FormEvent } from 'react';
import { t } from '../../../../lib/i18n';
import type { StaffApi } from '../../../../lib/staff/staffApi';
import { errorText } from './errorText';

/** A new page, made as a draft and opened in the editor (its slug is made unique by the server). */
export function NewPage({ api, dirty }: { api: StaffApi; dirty: boolean }) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function create(e: FormEvent) {
    e.preventDefault();
    if (title.trim() === '') {
      setError(t('Please enter a title.'));
      return;
    }
    if (dirty) {
      setError(t('Please save or publish your changes to this page first.'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const page = await api.pages.create({
        title: title.trim(),
        status: 'draft',
        laden_layout: {
          version: 1,
          sections: [{ layout: 'boxed', columns: [{ widgets: [{ type: 'heading', text: title.trim(), level: 1 }] }] }],
        },
      });
      window.location.assign(`/${page.slug}/?editor=1`);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }
  return (
    <details className="editor-panel__new">
      <summary>{t('New page')}</summary>
      <form onSubmit={(e) => void create(e)} noValidate>
        <div className="editor-field">
          <label htmlFor="editor-new-title">{t('Title')}</label>
          <input
            id="editor-new-title"
            type="text"
            value={title}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'editor-new-error' : undefined}
            onChange={(e) => setTitle(e.target.value)}
          />
          {error && (
            <p id="editor-new-error" className="editor-field__error">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button button--small" disabled={busy}>
          {t('Create page')}
        </button>
      </form>
    </details>
  );
}
