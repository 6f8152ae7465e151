import { createContext, useContext } from 'react';
import { t } from '../lib/i18n';

/** Whether the shop is a small business (§19 UStG): it charges no VAT, and every price notice says so. */
export const SmallBusinessContext = createContext(false);

/**
 * The notice next to a price: "inkl. MwSt.", the goods' own where the server words one (the
 * margin scheme, § 25a UStG) or, for a small business, the §19 UStG notice.
 */
export function taxNotice(smallBusiness: boolean, own?: string | null): string {
  return smallBusiness ? t('No VAT shown (small business, §19 UStG)') : (own ?? t('incl. VAT'));
}

export function useTaxNotice(own?: string | null): string {
  return taxNotice(useContext(SmallBusinessContext), own);
}
