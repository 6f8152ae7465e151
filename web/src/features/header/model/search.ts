/**
 * The header search's suggestions, without the page: which query is asked for, how the arrow
 * keys move through the list, and what a Store API product becomes in it.
 */
import { SEARCH_MAX_CHARS, SEARCH_SUGGEST_MAX, SEARCH_SUGGEST_MIN_CHARS } from '../../../config/constants';
import type { FocusEvent, KeyboardEvent } from 'react';
import type { StoreProduct } from '../../../generated/wire';

/** The combobox state the field shows (`aria-expanded`, `aria-activedescendant`). */
export interface Combo {
  expanded: boolean;
  active: string | undefined;
}

/** What the suggestions part does with the field's events (it registers them once loaded). */
export interface FieldHandlers {
  input: () => void;
  keyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  focus: () => void;
  blur: (e: FocusEvent<HTMLFormElement>) => void;
}

/** One suggestion: a product with where it lives and what it costs. */
export interface Suggestion {
  id: number;
  name: string;
  href: string;
  /** The price in cents (the lowest of a range), or null when the product has none. */
  price: number | null;
  /** Whether the price is the lowest of a range ("ab …"). */
  from: boolean;
  /** The smallest image, or null. */
  image: { src: string; alt: string } | null;
}

/** What the field's text asks for: trimmed and cut like the server cuts it, or null while too short. */
export function suggestQuery(input: string): string | null {
  const q = input.trim().replace(/\s+/g, ' ').slice(0, SEARCH_MAX_CHARS);
  return [...q].length >= SEARCH_SUGGEST_MIN_CHARS ? q : null;
}

/** The Store API path that answers a query: ranked by relevance (no `orderby`), a few products only. */
export function suggestPath(query: string): string {
  return `/products?search=${encodeURIComponent(query)}&per_page=${SEARCH_SUGGEST_MAX}`;
}

/** The search results page for a query (the form's own GET target). */
export function resultsHref(query: string): string {
  return `/shop/?s=${encodeURIComponent(query).replace(/%20/g, '+')}`;
}

/** Where a key moves the active option among `count` (the last one is "all results"); -1 is none. */
export function moveActive(active: number, count: number, key: string): number {
  if (count === 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return active + 1 >= count ? 0 : active + 1;
    case 'ArrowUp':
      return active <= 0 ? count - 1 : active - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return active;
  }
}

function cents(amount: string, minorUnit: number): number | null {
  if (!/^-?\d+$/.test(amount)) return null;
  const n = Number(amount);
  // The Store API gives minor units; the shop's are cents (2), other units are scaled.
  return minorUnit === 2 ? n : Math.round(n * 10 ** (2 - minorUnit));
}

/** A Store API product as a suggestion. */
export function toSuggestion(p: StoreProduct): Suggestion {
  const unit = p.prices.currency_minor_unit;
  const range = p.prices.price_range;
  const low = range ? cents(range.min_amount, unit) : cents(p.prices.price, unit);
  const image = p.images[0];
  return {
    id: p.id,
    name: p.name,
    href: p.permalink,
    price: low,
    from: range !== null && range.min_amount !== range.max_amount,
    image: image ? { src: image.thumbnail || image.src, alt: image.alt } : null,
  };
}

/** Reads the Store API's product list; anything else is an error. */
export function parseSuggestions(raw: unknown): Suggestion[] {
  if (!Array.isArray(raw)) throw new Error('unexpected products response');
  return (raw as StoreProduct[]).slice(0, SEARCH_SUGGEST_MAX).map(toSuggestion);
}
