import { useEffect, useLayoutEffect, useState, type MutableRefObject, type RefObject } from 'react';
import { SEARCH_SUGGEST_DELAY_MS } from '../../../config/constants';
import { t, tn } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/format/money';
import { storeApi } from '../../../lib/rest/store';
import {
  moveActive,
  parseSuggestions,
  resultsHref,
  suggestQuery,
  suggestPath,
  type Combo,
  type FieldHandlers,
  type Suggestion,
} from '../model/search';

/**
 * The header search's suggestions (WAI-ARIA 1.2 combobox with a listbox): from two characters,
 * a moment after the last keystroke, the Store API's best matches with picture and price, and
 * last "all results". The arrow keys, Home and End move through them, Enter opens the chosen
 * one, Escape closes the list (and empties the field when it is closed); an answer to an older
 * query is dropped. The field itself belongs to HeaderSearch, which hands its events here.
 */
export function SearchSuggestions({
  listId,
  input,
  handlers,
  onCombo,
}: {
  listId: string;
  input: RefObject<HTMLInputElement | null>;
  handlers: MutableRefObject<FieldHandlers | null>;
  onCombo: (c: Combo) => void;
}) {
  // What was typed before this part loaded counts, and a focused field is open.
  const [value, setValue] = useState(() => input.current?.value ?? '');
  const [open, setOpen] = useState(() => typeof document !== 'undefined' && document.activeElement === input.current);
  const [items, setItems] = useState<Suggestion[]>([]);
  // The query the items answer: the list shows only when it is the field's.
  const [answered, setAnswered] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
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
  const optionId = (i: number) => `${listId}-${i}`;
  const hrefAt = (i: number) => items[i]?.href ?? resultsHref(query ?? '');
  const activeId = shown && active >= 0 ? optionId(active) : undefined;

  useEffect(() => onCombo({ expanded: shown, active: activeId }), [shown, activeId, onCombo]);

  // Registered before the browser paints: a key pressed once the list shows meets this render's
  // handlers, never the previous render's (which still saw the list closed).
  useLayoutEffect(() => {
    handlers.current = {
      input: () => {
        setValue(input.current?.value ?? '');
        setOpen(true);
        setActive(-1);
      },
      focus: () => setOpen(true),
      blur: (e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      },
      keyDown: (e) => {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          if (!shown) setOpen(true);
          else setActive((a) => moveActive(a, count, e.key));
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
          } else if (input.current && input.current.value !== '') {
            e.preventDefault();
            input.current.value = '';
            setValue('');
          }
        }
      },
    };
  });
  useEffect(
    () => () => {
      handlers.current = null;
    },
    [handlers],
  );

  // Keeps the focus in the field, so a click lands before the list closes.
  const keepFocus = (e: { preventDefault: () => void }) => e.preventDefault();
  return (
    <>
      <ul id={listId} role="listbox" aria-label={t('Suggestions')} className="header-search__list" hidden={!shown}>
        {shown &&
          items.map((s, i) => (
            <li
              key={s.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`header-search__option${i === active ? ' is-active' : ''}`}
              onMouseDown={keepFocus}
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
            onMouseDown={keepFocus}
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
    </>
  );
}
