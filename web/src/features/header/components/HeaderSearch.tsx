import { useEffect, useId, useRef, useState } from 'react';
import { SEARCH_MAX_CHARS, SEARCH_SUGGEST_PREFETCH_MS } from '../../../config/constants';
import { t } from '../../../lib/i18n';
import { loadChunk } from '../../../lib/rest/chunks';
import type { Combo, FieldHandlers } from '../model/search';

const loadSuggestions = () => import('./SearchSuggestions');
type SuggestionsPart = Awaited<ReturnType<typeof loadSuggestions>>;

/**
 * The header's product search: a GET form to the shop's search page, so it works before and
 * without the scripts. Its suggestions (a WAI-ARIA 1.2 combobox, SearchSuggestions.tsx) are a
 * part of their own, fetched when the browser is idle or on the first sign of intent: the first
 * load carries only this form.
 */
export function HeaderSearch() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const handlers = useRef<FieldHandlers | null>(null);
  const [part, setPart] = useState<SuggestionsPart | null>(null);
  const [combo, setCombo] = useState<Combo>({ expanded: false, active: undefined });
  const loading = useRef(false);
  const wake = () => {
    if (loading.current) return;
    loading.current = true;
    loadChunk(loadSuggestions).then(setPart, () => {
      loading.current = false;
    });
  };
  useEffect(() => {
    const timer = setTimeout(wake, SEARCH_SUGGEST_PREFETCH_MS);
    return () => clearTimeout(timer);
  }, []);
  const listId = `${id}-list`;
  return (
    <form className="header-search" role="search" method="get" action="/shop/" onBlur={(e) => handlers.current?.blur(e)}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('Search the shop')}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        name="s"
        maxLength={SEARCH_MAX_CHARS}
        placeholder={t('Search…')}
        autoComplete="off"
        role={part ? 'combobox' : undefined}
        aria-autocomplete={part ? 'list' : undefined}
        aria-expanded={part ? combo.expanded : undefined}
        aria-controls={part ? listId : undefined}
        aria-activedescendant={combo.active}
        onFocus={() => {
          wake();
          handlers.current?.focus();
        }}
        onPointerEnter={wake}
        onInput={() => handlers.current?.input()}
        onKeyDown={(e) => handlers.current?.keyDown(e)}
      />
      <button type="submit" className="header-search__submit" aria-label={t('Start search')}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {part && <part.SearchSuggestions listId={listId} input={input} handlers={handlers} onCombo={setCombo} />}
    </form>
  );
}
