import { t } from '../../../lib/i18n';
import type { FormEvent } from 'react';
import type { ListingFilterView } from '../../../generated/wire';
import { joinTerms, listingHref } from '../model/listingHref';

interface Props {
  filter: ListingFilterView;
  /** Where the form sends to (the listing's first page). */
  action: string;
  search: string;
  orderby: string;
  /** Before the form's ids, for a second copy of the form (the phone's drawer). */
  idPrefix?: string;
}

/**
 * The listing's filters as a GET form: price range in euros, only in stock, only on sale. The
 * choice lives in the address (shareable, rendered and cached by the server), and a checkbox that
 * would leave nothing is not offered.
 */
export function Filters({ filter, action, search, orderby, idPrefix = '' }: Props) {
  // With scripts, the address carries only what was chosen (a plain form also sends empty fields).
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const chosen: Array<[string, string]> = [];
    for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === 'string' && v.trim() !== '') chosen.push([k, v.trim()]);
    window.location.assign(listingHref(action, 1, joinTerms(chosen)));
  };
  const active =
    filter.minPrice !== null ||
    filter.maxPrice !== null ||
    filter.inStock ||
    filter.onSale ||
    filter.attributes.some((a) => a.terms.some((x) => x.selected));
  return (
    <form
      id={`${idPrefix}filter`}
      className="listing__filters"
      method="get"
      action={action}
      aria-labelledby={`${idPrefix}filter-title`}
      onSubmit={submit}
    >
      <h2 id={`${idPrefix}filter-title`}>{t('Filter')}</h2>
      {search && <input type="hidden" name="s" value={search} />}
      {orderby && <input type="hidden" name="orderby" value={orderby} />}
      <fieldset>
        <legend>{t('Price (€)')}</legend>
        <label>
          <span>{t('From')}</span>
          <input type="number" name="min_price" min={0} step={1} inputMode="numeric" defaultValue={filter.minPrice ?? ''} />
        </label>
        <label>
          <span>{t('Up to')}</span>
          <input type="number" name="max_price" min={0} step={1} inputMode="numeric" defaultValue={filter.maxPrice ?? ''} />
        </label>
      </fieldset>
      <label className="listing__check">
        <input
          type="checkbox"
          name="stock"
          value="instock"
          defaultChecked={filter.inStock}
          disabled={!filter.inStock && filter.inStockCount === 0}
        />{' '}
        {t('In stock only')} <span className="count">({filter.inStockCount})</span>
      </label>
      <label className="listing__check">
        <input type="checkbox" name="sale" value="1" defaultChecked={filter.onSale} disabled={!filter.onSale && filter.onSaleCount === 0} />{' '}
        {t('On sale only')} <span className="count">({filter.onSaleCount})</span>
      </label>
      {filter.attributes.map((a) => (
        <fieldset key={a.slug} className="listing__attribute">
          <legend>{a.name}</legend>
          {a.terms.map((term) => (
            <label key={term.slug} className="listing__check">
              <input type="checkbox" name={`filter_${a.slug}`} value={term.slug} defaultChecked={term.selected} /> {term.name}{' '}
              <span className="count">({term.count})</span>
            </label>
          ))}
        </fieldset>
      ))}
      <p className="listing__filter-actions">
        <button type="submit" className="button">
          {t('Apply filters')}
        </button>
        {active && <a href={search ? `${action}?s=${encodeURIComponent(search)}` : action}>{t('Reset filters')}</a>}
      </p>
    </form>
  );
}
