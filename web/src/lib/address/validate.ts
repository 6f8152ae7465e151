import { t } from '../i18n';

export interface AddressForm {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  postcode: string;
  city: string;
  country: string;
  email: string;
  phone: string;
}

export const emptyAddress = (): AddressForm => ({
  first_name: '',
  last_name: '',
  company: '',
  address_1: '',
  address_2: '',
  postcode: '',
  city: '',
  country: 'DE',
  email: '',
  phone: '',
});

/** Spec §5: an e-mail whose top-level domain has 2–63 letters. */
export function isEmail(s: string): boolean {
  return /^[^\s@]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,63}$/u.test(s.trim());
}

/** Spec §5: 6–15 digits with an optional leading '+'; spaces and - / ( ) . may be typed. */
export function isPhone(s: string): boolean {
  return /^\+?\d{6,15}$/.test(s.trim().replace(/[\s\-/().]/g, ''));
}

/**
 * The delivery countries' postcode formats as the server sends them (from the data set it checks
 * with): a regular expression, unanchored; '' for any postcode of at most 12 characters; null
 * for a country without postcodes.
 */
export type PostcodeFormats = Readonly<Record<string, string | null>>;

/** Whether `s` is a postcode of `format` (see `PostcodeFormats`; undefined: not known, any). */
export function isPostcode(format: string | null | undefined, s: string): boolean {
  const v = s.trim();
  if (format === null) return v === '';
  const any = v.length > 0 && v.length <= 12;
  if (!format) return any;
  try {
    return new RegExp(`^(?:${format})$`, 'i').test(v);
  } catch {
    return any;
  }
}

/** Problems by field name; empty when the address can be sent. */
export function addressProblems(
  a: AddressForm,
  billing: boolean,
  postcodes: PostcodeFormats = {},
): Partial<Record<keyof AddressForm, string>> {
  const p: Partial<Record<keyof AddressForm, string>> = {};
  const format = postcodes[a.country];
  if (!a.first_name.trim()) p.first_name = t('Please enter your first name.');
  if (!a.last_name.trim()) p.last_name = t('Please enter your last name.');
  if (!a.address_1.trim()) p.address_1 = t('Please enter your street and house number.');
  if (!a.postcode.trim() && format !== null) p.postcode = t('Please enter your postcode.');
  else if (!isPostcode(format, a.postcode)) p.postcode = t('Please enter a valid postcode.');
  if (!a.city.trim()) p.city = t('Please enter your town or city.');
  if (!a.country) p.country = t('Please choose your country.');
  if (billing) {
    if (!a.email.trim()) p.email = t('Please enter your email address.');
    else if (!isEmail(a.email)) p.email = t('Please enter a valid email address.');
  }
  if (a.phone.trim() && !isPhone(a.phone)) p.phone = t('Please enter a valid phone number.');
  return p;
}
