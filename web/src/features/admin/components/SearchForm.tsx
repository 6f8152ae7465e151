import { useId, useState } from 'react';
import { t } from '../../../lib/i18n';

/** A labelled search box; `onSearch` gets the trimmed text when it is submitted. */
export function SearchForm({ label, initial = '', onSearch }: { label: string; initial?: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState(initial);
  return (
    <form
      className="admin-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="button button--small">
        {t('Search')}
      </button>
    </form>
  );
}
