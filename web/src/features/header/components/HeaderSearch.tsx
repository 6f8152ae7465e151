import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SEARCH_MAX_CHARS, SEARCH_SUGGEST_DELAY_MS } from '../../../config/constants';
import { t, tn } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/format/money';
import { storeApi } from '../../../lib/rest/store';
import { moveActive, parseSuggestions, resultsHref, suggestPath, suggestQuery, type Suggestion } from '../model/search';

/**
 * The header's product search: a GET form to the shop's search page (so it works before and
 * without the scripts), enhanced into a combobox (WAI-ARIA 1.2) that suggests products while
 * typing. The arrow keys move through the suggestions and a last "all results" option, Enter
 * opens the chosen one, Escape closes the list (and empties the field when it is closed).
 */
export function HeaderSearch() {
  const id = useId();
  const listId = `${id}-list`;
  const formRef = useRef<HTMLFormElement>(null);
  const [value, setValue] = useState('');
  const [items, setItems] = useState<Suggestion[]>([]);
  // The query the items answer: the list shows only when it is the field's.
  const [answered, setAnswered] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const query = suggestQuery(value);

  useEffect(() => {
    if (query === null) return;
    let live = true;
    const timer = setTimeout(() => {
      storeApi(suggestPath(query), parseSuggestions)
        .then((list) => {
          if (!live) return;
          setItems(list);
          setAnswered(query);
          setActive(-1);
        })
        .catch(() => {
          if (!live) return;
          setItems([]);
          setAnswered(null);
        });
    }, SEARCH_SUGGEST_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);

  const shown = open && query !== null && answered === query;
  // The suggestions and, last, the search results page.
  const count = shown ? items.length + 1 : 0;
  const optionId = (i: number) => `${id}-opt-${i}`;
  const hrefAt = (i: number) => items[i]?.href ?? resultsHref(query ?? '');

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!shown) {
        setOpen(true);
        return;
      }
      setActive((a) => moveActive(a, count, e.key));
    } else if ((e.key === 'Home' || e.key === 'End') && shown && active >= 0) {
      e.preventDefault();
      setActive((a) => moveActive(a, count, e.key));
    } else if (e.key === 'Enter' && shown && active >= 0) {
      e.preventDefault();
      window.location.assign(hrefAt(active));
    } else if (e.key === 'Escape') {
      if (shown) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else if (value !== '') {
        e.preventDefault();
        setValue('');
      }
    }
  }

  return (
    <form
      ref={formRef}
      className="header-search"
      role="search"
      method="get"
      action="/shop/"
      onBlur={(e) => {
        if (!formRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('Search the shop')}
      </label>
      <input
        id={`${id}-input`}
        type="search"
        name="s"
        value={value}
        maxLength={SEARCH_MAX_CHARS}
        placeholder={t('Search…')}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="header-search__submit" aria-label={t('Start search')}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={listId} role="listbox" aria-label={t('Suggestions')} className="header-search__list" hidden={!shown}>
        {shown &&
          items.map((s, i) => (
            <li
              key={s.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`header-search__option${i === active ? ' is-active' : ''}`}
              // Keeps the focus in the field, so the click lands before the list closes.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => window.location.assign(s.href)}
            >
              {s.image ? <img src={s.image.src} alt="" width="40" height="40" loading="lazy" /> : <span className="header-search__noimg" />}
              <span className="header-search__name">{s.name}</span>
              {s.price !== null && (
                <span className="header-search__price">{s.from ? `${t('from')} ${formatMoney(s.price)}` : formatMoney(s.price)}</span>
              )}
            </li>
          ))}
        {shown && (
          <li
            id={optionId(items.length)}
            role="option"
            aria-selected={active === items.length}
            className={`header-search__option header-search__all${active === items.length ? ' is-active' : ''}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => window.location.assign(resultsHref(query ?? ''))}
          >
            {items.length === 0 ? t('No matches for “%s” — search anyway', query ?? '') : t('Show all results for “%s”', query ?? '')}
          </li>
        )}
      </ul>
      {/* A live region without the status role: the page's own status messages stay the only ones. */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {shown ? (items.length === 0 ? t('No suggestions') : tn('%d suggestion', '%d suggestions', items.length)) : ''}
      </p>
    </form>
  );
}
