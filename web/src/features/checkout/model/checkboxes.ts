/**
 * The checkout's checkboxes: the shop's, the waiver for digital content when the cart holds
 * downloads, and one each, to be ticked, for goods German law treats apart (defects, used goods,
 * a minimum age, photovoltaic systems at the zero rate). The server asks for the same ones and records the same texts
 * (`laden_domain::special_goods`).
 */
import type { SpecialGoods } from '../../../generated/wire';
import { t } from '../../../lib/i18n';

export interface CheckoutCheckbox {
  id: string;
  required: boolean;
  /** The text, where it depends on the cart (the shop's checkboxes have fixed texts). */
  text?: string;
}

/** A line of the cart, as far as the checkboxes care. */
export interface CartGoods {
  name: string;
  downloadable: boolean;
  special: SpecialGoods;
}

/**
 * The checkboxes these goods add, in order: the defects, each product named with its defects
 * (§ 476 (1) BGB); the used goods' one-year limitation period (§ 476 (2) BGB); the highest
 * minimum age; the zero rate's conditions for photovoltaic systems (§ 12 (3) UStG), each named.
 * Each must be ticked.
 */
export function specialCheckboxes(goods: readonly CartGoods[]): CheckoutCheckbox[] {
  const defects: string[] = [];
  const used: string[] = [];
  const solar: string[] = [];
  let minAge = 0;
  for (const g of goods) {
    const s = g.special;
    const defect = `${g.name}: ${s.defect_description}`;
    if (s.defect_description && !defects.includes(defect)) defects.push(defect);
    if (s.used_good && !used.includes(g.name)) used.push(g.name);
    minAge = Math.max(minAge, s.min_age);
    if (s.photovoltaic && !solar.includes(g.name)) solar.push(g.name);
  }
  const out: CheckoutCheckbox[] = [];
  if (defects.length > 0)
    out.push({
      id: 'defective_copy',
      required: true,
      text: t('I have been told that these goods have defects and I expressly accept them: %s', defects.join('; ')),
    });
  if (used.length > 0)
    out.push({
      id: 'used_goods_warranty',
      required: true,
      text: t('I expressly agree that claims for defects in these used goods become time-barred after one year: %s', used.join('; ')),
    });
  if (minAge > 0) out.push({ id: 'age_verification', required: true, text: t('I confirm that I am at least %s years old.', minAge) });
  if (solar.length > 0)
    out.push({
      id: 'photovoltaic_systems',
      required: true,
      text: t(
        'I confirm that I am the operator of the photovoltaic system and that it is installed on or near a dwelling, a flat or a public or other building used for activities serving the common good (zero rate under section 12 (3) UStG): %s',
        solar.join('; '),
      ),
    });
  return out;
}

/**
 * The shop's checkboxes, with "digital_waiver" added (optional, after the others) when the cart
 * holds downloadable goods and the shop does not already show it: the express consent of §356
 * (5) BGB, without which the right of withdrawal for the download stays. Then those of
 * `specialCheckboxes`.
 */
export function checkoutCheckboxes(shop: readonly CheckoutCheckbox[], goods: readonly CartGoods[]): CheckoutCheckbox[] {
  const out = [...shop];
  if (goods.some((g) => g.downloadable) && !shop.some((c) => c.id === 'digital_waiver'))
    out.push({ id: 'digital_waiver', required: false });
  return [...out, ...specialCheckboxes(goods)];
}

/** What a required checkbox left unticked says. */
export function untickedMessage(id: string): string {
  switch (id) {
    case 'defective_copy':
      return t('Please confirm that you accept the defects of the goods.');
    case 'used_goods_warranty':
      return t('Please agree to the one-year limitation period for the used goods.');
    case 'age_verification':
      return t('Please confirm your age.');
    case 'photovoltaic_systems':
      return t('Please confirm that the zero rate for photovoltaic systems applies to you.');
    default:
      return t('Please read and accept the terms and conditions and the cancellation policy to proceed with your order.');
  }
}
