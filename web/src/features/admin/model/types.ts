/** The wc/v3 and wp/v2 shapes the admin screens read: generated from the server's types. */
import type { AddressForm } from '../../../lib/address/validate';

export type { WcCategory, WcImage, WcMail, WcNote, WcOrder, WcProduct, WcVariation, WpMedia as Media } from '../../../generated/wire';

/** A wc/v3 address as the forms edit it (the generated `Address` has these fields and more). */
export type WcAddress = AddressForm;

/** "12.90" → cents, for formatting. */
export const cents = (decimal: string): number => Math.round(Number.parseFloat(decimal || '0') * 100);
