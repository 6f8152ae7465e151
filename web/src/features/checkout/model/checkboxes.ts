/** The checkout's checkboxes: the shop's, and the waiver for digital content when the cart holds downloads. */

export interface CheckoutCheckbox {
  id: string;
  required: boolean;
}

/**
 * The shop's checkboxes, with "digital_waiver" added (optional, after the others) when the cart
 * holds downloadable goods and the shop does not already show it: the express consent of §356
 * (5) BGB, without which the right of withdrawal for the download stays.
 */
export function checkoutCheckboxes(shop: readonly CheckoutCheckbox[], cartHasDownloads: boolean): CheckoutCheckbox[] {
  if (!cartHasDownloads || shop.some((c) => c.id === 'digital_waiver')) return [...shop];
  return [...shop, { id: 'digital_waiver', required: false }];
}
