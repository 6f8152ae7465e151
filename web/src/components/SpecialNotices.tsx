import type { SpecialGoods } from '../generated/wire';
import { t } from '../lib/i18n';

/** What a product's page and its cart line say of goods the law treats apart: defects, used goods, minimum age. */
export function specialNotices(s: SpecialGoods | undefined): string[] {
  if (!s) return [];
  const out: string[] = [];
  if (s.defect_description) out.push(t('Defects: %s', s.defect_description));
  if (s.used_good) out.push(t('Used goods: claims for defects become time-barred after one year.'));
  if (s.min_age > 0) out.push(t('Sold only to persons aged %s or over.', s.min_age));
  return out;
}

/** The notices of `specialNotices`, told before the shopper adds the goods and again in the cart (§ 476 BGB). */
export function SpecialNotices({ special }: { special: SpecialGoods | undefined }) {
  const notices = specialNotices(special);
  return notices.length > 0 ? (
    <ul className="special-goods" data-testid="special-goods">
      {notices.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  ) : null;
}
