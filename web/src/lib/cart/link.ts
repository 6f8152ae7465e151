/**
 * WooCommerce's add-to-cart links (`?add-to-cart=42&quantity=2`, a variation by
 * `variation_id` and its `attribute_…` values), as newsletters, price comparisons and
 * "buy now" buttons elsewhere carry them. The server sends any page asked with one to the
 * cart page, which adds the product with the visitor's cart and then drops the parameters.
 */

/** What a link asks to add: the Store API's add-item. */
export interface CartLink {
  id: number;
  quantity: number;
  variation: Array<{ attribute: string; value: string }>;
}

/** The parameters a link is made of (kept off the address once it is done). */
const OWN = /^(add-to-cart|quantity|variation_id|attribute_.+)$/;

const positive = (v: string | null): number | null => {
  if (v === null || !/^\s*\d{1,9}\s*$/.test(v)) return null;
  const n = Number.parseInt(v, 10);
  return n > 0 ? n : null;
};

/** The add-to-cart a query asks for, or null (none, or not a product id). */
export function cartLink(search: string): CartLink | null {
  const q = new URLSearchParams(search);
  const product = positive(q.get('add-to-cart'));
  if (product === null) return null;
  const variation = q.has('variation_id') ? positive(q.get('variation_id')) : product;
  if (variation === null) return null;
  const quantity = q.has('quantity') ? positive(q.get('quantity')) : 1;
  if (quantity === null) return null;
  const attributes: CartLink['variation'] = [];
  q.forEach((value, key) => {
    if (key.startsWith('attribute_') && key.length > 'attribute_'.length && value !== '') {
      attributes.push({ attribute: key.slice('attribute_'.length), value });
    }
  });
  return { id: variation, quantity, variation: attributes };
}

/** The query without the link's parameters (`''` when nothing else is left). */
export function withoutCartLink(search: string): string {
  const q = new URLSearchParams(search);
  const rest = new URLSearchParams();
  q.forEach((value, key) => {
    if (!OWN.test(key)) rest.append(key, value);
  });
  const s = rest.toString();
  return s === '' ? '' : `?${s}`;
}
