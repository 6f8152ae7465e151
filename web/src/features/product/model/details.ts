/** What the "Zusätzliche Informationen" tab lists: weight, dimensions and the visible attributes that make no variations. */
import type { ProductData } from '../../../lib/types';
import { t } from '../../../lib/i18n';
import { germanDecimal } from '../../../lib/format/number';

/** Grams as the shop's unit: `0,907 kg`. */
export function weightText(grams: number | null | undefined): string | null {
  return grams == null ? null : `${germanDecimal(grams, 1000)} kg`;
}

/** Millimetres (length, width, height) as `25,4 × 15,2 × 7,6 cm`; the ones not given are left out. */
export function dimensionsText(mm: ReadonlyArray<number | null> | null | undefined): string | null {
  const given = (mm ?? []).filter((v): v is number => v != null);
  return given.length === 0 ? null : `${given.map((v) => germanDecimal(v, 10)).join(' × ')} cm`;
}

export interface InfoRow {
  label: string;
  value: string;
}

/** The rows of the tab, in WooCommerce's order; none: no tab. */
export function additionalInfo(product: Pick<ProductData, 'attributes' | 'extensions'>): InfoRow[] {
  const rows: InfoRow[] = [];
  const laden = product.extensions.laden;
  const weight = weightText(laden.weight_g);
  if (weight) rows.push({ label: t('Weight'), value: weight });
  const dims = dimensionsText(laden.dimensions_mm);
  if (dims) rows.push({ label: t('Dimensions'), value: dims });
  for (const a of product.attributes) {
    if (a.has_variations || a.terms.length === 0) continue;
    rows.push({ label: a.name, value: a.terms.map((x) => x.name).join(', ') });
  }
  return rows;
}

export interface SafetyRow {
  label: string;
  /** The value's lines (an address, the warnings). */
  lines: string[];
}

/** What the "Produktsicherheit" tab lists (GPSR Art. 19): the manufacturer with its address, the responsible person in the EU, the warnings; none: no tab. */
export function safetyInfo(product: Pick<ProductData, 'extensions'>): SafetyRow[] {
  const safety = product.extensions.laden.safety;
  if (!safety) return [];
  const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');
  const rows: SafetyRow[] = [];
  const m = safety.manufacturer;
  if (m) {
    rows.push({ label: t('Manufacturer'), lines: [m.name, ...lines(m.address)] });
    if (m.eu_person.trim() !== '') rows.push({ label: t('Responsible person in the EU'), lines: lines(m.eu_person) });
  }
  if (safety.information.trim() !== '') rows.push({ label: t('Warnings and safety information'), lines: lines(safety.information) });
  return rows;
}
