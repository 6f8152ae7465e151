/**
 * Quantity spinner maths (spec §5 "Quantity spinner", §9): pure functions, so
 * the input component stays thin and the rules are tested as tables.
 */
import { DOT_DECIMAL_LOCALES, SPINNER_BOOST_AFTER_REPEATS, SPINNER_BOOST_FACTOR } from '../../config/constants';

export interface SpinnerField {
  /** Default 0. */
  min?: number;
  /** Default unbounded. */
  max?: number;
  /** Default 1. */
  step?: number;
  /** Default 0. */
  decimals?: number;
  /** `data-step-max`: the largest boosted step. */
  stepMax?: number;
}

/**
 * What the visitor typed, as a number; `null` clears the value (empty or not a number).
 * Outside en-US, en-GB and th-TH, dots and spaces are thousands separators and a comma is the decimal mark.
 */
export function parseQuantity(text: string, locale: string): number | null {
  let s = text.trim();
  if (s === '') return null;
  if ((DOT_DECIMAL_LOCALES as readonly string[]).includes(locale)) {
    s = s.replace(/[,\s]/g, '');
  } else {
    s = s.replace(/[.\s]/g, '').replace(',', '.');
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** A quantity as German text: decimal comma, no grouping (goods sold by weight have decimals). */
export const germanQuantity = (n: number): string => String(n).replace('.', ',');

/** Rounded to the field's decimals, then clamped to its min and max. */
export function normalize(value: number, field: SpinnerField): number {
  const factor = 10 ** (field.decimals ?? 0);
  const rounded = Math.round(value * factor) / factor;
  const min = field.min ?? 0;
  const max = field.max ?? Number.POSITIVE_INFINITY;
  return Math.min(Math.max(rounded, min), max);
}

/** The step for the `repeat`-th repetition of a held button (1-based): boosted ×1.1 per repeat after the 10th, up to `stepMax`. */
export function boostedStep(field: SpinnerField, repeat: number): number {
  const base = field.step ?? 1;
  const over = repeat - SPINNER_BOOST_AFTER_REPEATS;
  if (over <= 0) return base;
  const boosted = base * SPINNER_BOOST_FACTOR ** over;
  return field.stepMax !== undefined ? Math.min(boosted, Math.max(field.stepMax, base)) : boosted;
}

/** One press of '+' (`dir` 1) or '-' (`dir` −1); an empty value starts from min. */
export function stepValue(value: number | null, dir: 1 | -1, field: SpinnerField, repeat = 0): number {
  const from = value ?? field.min ?? 0;
  return normalize(from + dir * boostedStep(field, repeat), field);
}

/**
 * Which bound refuses a change (said to screen readers, WCAG 4.1.3): a press of '+' or '-' that
 * cannot move past max or min, or a typed quantity that `normalize` brought back within them.
 */
export function refusedBound(wanted: number | null, got: number | null, field: SpinnerField): 'max' | 'min' | null {
  if (wanted === null || got === null) return null;
  if (field.max !== undefined && wanted > field.max && got === field.max) return 'max';
  if (wanted < (field.min ?? 0) && got === (field.min ?? 0)) return 'min';
  return null;
}

/** Spec §5 "Quick-view quantity": '+' adds 1, '-' subtracts 1, never below 1. */
export function quickViewStep(value: number, dir: 1 | -1, min = 1): number {
  const n = Number.isFinite(value) ? Math.trunc(value) : min;
  return Math.max(min, n + dir);
}

/** Spec §3 "Quantity-field switch": the spinner is active only when it is '1' or unset. */
export function spinnerEnabled(setting: string | undefined | null): boolean {
  return setting === undefined || setting === null || setting === '1';
}
