import { createContext, useContext } from 'react';
import { t } from '../lib/i18n';

/** Whether the shop is a small business (§19 UStG): it charges no VAT, and every price notice says so. */
export const SmallBusinessContext = createContext(false);

/** The notice next to a price: "inkl. MwSt." or, for a small business, the §19 UStG notice. */
export function taxNotice(smallBusiness: boolean): string {
  return smallBusiness ? t('No VAT shown (small business, §19 UStG)') : t('incl. VAT');
}

export function useTaxNotice(): string {
  return taxNotice(useContext(SmallBusinessContext));
}
