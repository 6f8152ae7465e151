/**
 * The fixed choices the admin offers and shows, each a table of `[code, catalogue message id]` in
 * the order offered: a select lists a table's rows, and a list shows a code's label from the same
 * table (`tLabel`), so both read the same words (WooCommerce keeps these as
 * `wc_get_order_statuses()`, `wc_get_product_types()` and their kin).
 */
import { N_, tLabel } from '../../../lib/i18n';
import type { CatalogVisibility, ProductForm, TaxClassSlug, TaxStatus } from './catalogue/productForm';
import type { SettingsForm } from './settingsForm';
import type { CouponForm } from './sales/couponForm';

/** WooCommerce's order statuses with their German labels, in the order the admin offers them. */
export const ORDER_STATUS_LABELS = [
  ['pending', N_('Pending payment')],
  ['processing', N_('Processing')],
  ['on-hold', N_('On hold')],
  ['completed', N_('Completed')],
  ['cancelled', N_('Cancelled')],
  ['refunded', N_('Refunded')],
  ['failed', N_('Failed')],
] as const;

/** The kinds of e-mail an order sends. */
export const MAIL_KINDS: ReadonlyArray<[string, string]> = [
  ['order_confirmation', N_('Order confirmation')],
  ['shipping_notice', N_('Shipping notice')],
  ['withdrawal_receipt', N_('Withdrawal receipt')],
  ['withdrawal_notice', N_('Withdrawal notice to the shop')],
  ['invoice', N_('Invoice')],
];

/** The statuses a product (or page) can be saved with, as the editor offers them. */
export const PRODUCT_STATUSES: ReadonlyArray<[string, string]> = [
  ['publish', N_('Published')],
  ['draft', N_('Draft')],
  ['pending', N_('Pending review')],
  ['private', N_('Private')],
];

/** The statuses a product list filters by: the saved ones and the trash. */
export const LISTED_STATUSES: ReadonlyArray<[string, string]> = [...PRODUCT_STATUSES, ['trash', N_('Trash')]];

/** WooCommerce's product types. */
export const PRODUCT_TYPES: ReadonlyArray<[ProductForm['type'], string]> = [
  ['simple', N_('Simple product')],
  ['variable', N_('Variable product')],
  ['grouped', N_('Grouped product')],
  ['external', N_('External/Affiliate product')],
];

/** A product's stock status (WooCommerce's `stock_status`). */
export const STOCK_STATUSES: ReadonlyArray<[string, string]> = [
  ['instock', N_('In stock')],
  ['outofstock', N_('Out of stock')],
  ['onbackorder', N_('On backorder')],
];

/** Where a product is listed (WooCommerce's catalogue visibility). */
export const VISIBILITIES: ReadonlyArray<[CatalogVisibility, string]> = [
  ['visible', N_('Shop and search results')],
  ['catalog', N_('Shop only')],
  ['search', N_('Search results only')],
  ['hidden', N_('Hidden (reachable by its address only)')],
];

/** What a product's tax applies to. */
export const TAX_STATUSES: ReadonlyArray<[TaxStatus, string]> = [
  ['taxable', 'Taxable'],
  ['shipping', 'Shipping only'],
  ['none', 'None'],
];

/** The VAT rates a product can be sold at (WooCommerce's tax classes), with their rates. */
export const TAX_CLASSES: ReadonlyArray<[TaxClassSlug, string]> = [
  ['', N_('Standard rate (19 %)')],
  ['reduced-rate', N_('Reduced rate (7 %)')],
  ['zero-rate', N_('Zero rate (0 %)')],
];

/** Whether a product out of stock takes orders. */
export const BACKORDERS: ReadonlyArray<[ProductForm['backorders'], string]> = [
  ['no', 'Do not allow'],
  ['notify', 'Allow, but notify customer'],
  ['yes', 'Allow'],
];

/** The review list's tabs: every review, or those of one status. */
export const REVIEW_TABS: Array<[string, string]> = [
  ['all', N_('All')],
  ['hold', N_('Pending')],
  ['approved', N_('Approved')],
  ['spam', N_('Spam')],
  ['trash', N_('Trash')],
];

/** What a menu entry links to. */
export const MENU_KINDS: ReadonlyArray<[string, string]> = [
  ['page', N_('Page')],
  ['category', N_('Category')],
  ['product', N_('Product')],
  ['anchor', N_('Anchor link')],
  ['custom', N_('Custom link')],
];

/** The legal pages a shop names, in the order the settings show them. */
export const LEGAL_PAGES: ReadonlyArray<[keyof SettingsForm['texts'], string]> = [
  ['laden_page_imprint', N_('Imprint')],
  ['laden_page_privacy', N_('Privacy policy')],
  ['laden_page_terms', N_('Terms and conditions')],
  ['laden_page_revocation', N_('Cancellation policy')],
  ['laden_page_shipping', N_('Shipping & payment')],
  // Optional: the shipping page may cover payment too.
  ['laden_page_payments', N_('Payment methods')],
  // Optional: the Barrierefreiheitserklärung (BFSG § 14; micro-enterprises are exempt).
  ['laden_page_accessibility', N_('Accessibility statement')],
];

/** The payment methods a shop can offer. */
export const PAYMENT_METHODS: Array<[string, string]> = [
  ['bacs', N_('Direct bank transfer')],
  ['invoice', N_('Invoice')],
  ['cod', N_('Cash on delivery')],
  ['stripe', N_('Credit card (Stripe)')],
  ['stripe_sepa', N_('SEPA Direct Debit (Stripe)')],
];

/** What a coupon takes off. */
export const COUPON_TYPES: ReadonlyArray<[CouponForm['type'], string]> = [
  ['percent', N_('Percentage of the goods')],
  ['fixed_cart', N_('Fixed amount off the cart')],
];

/** When an invoice is issued. */
export const INVOICE_MOMENTS: Array<[string, string]> = [
  ['order', N_('With the order')],
  ['paid', N_('When the payment has arrived')],
  ['completed', N_('When the order is completed')],
  ['never', N_('Never (only by hand in the order)')],
];

/** The header layouts. */
export const HEADER_TEMPLATE: ReadonlyArray<[string, string]> = [
  ['default', N_('Standard')],
  ['centered', N_('Centered')],
  ['split', N_('Split')],
];

/** The sticky header's layouts. */
export const HEADER_STICKY_TEMPLATE: ReadonlyArray<[string, string]> = [
  ['', N_('Same as the header')],
  ['default', N_('Standard')],
  ['centered', N_('Centered')],
  ['compact', N_('Compact')],
];

/** How the header behaves on scrolling. */
export const HEADER_BEHAVIOR: ReadonlyArray<[string, string]> = [
  ['', N_('Scrolls away')],
  ['sticky', N_('Sticky')],
  ['fixed', N_('Fixed')],
];

/** Where the header stands. */
export const HEADER_POSITION: ReadonlyArray<[string, string]> = [
  ['top', N_('Top')],
  ['bottom', N_('Bottom')],
];

/** A product's or page's status, in German. */
export const productStatusLabel = (status: string): string => tLabel(LISTED_STATUSES, status);

/** The ages a product is usually restricted to (the JuSchG's and the FSK's/USK's); the server takes 0–21. */
export const MINIMUM_AGES: readonly string[] = ['6', '12', '16', '18'];

/** The 14 allergens of Annex II of the LMIV, by the slug meta data names them by. */
export const ALLERGENS: ReadonlyArray<[string, string]> = [
  ['gluten', N_('Cereals containing gluten')],
  ['crustaceans', N_('Crustaceans')],
  ['eggs', N_('Eggs')],
  ['fish', N_('Fish')],
  ['peanuts', N_('Peanuts')],
  ['soybeans', N_('Soybeans')],
  ['milk', N_('Milk (including lactose)')],
  ['nuts', N_('Nuts')],
  ['celery', N_('Celery')],
  ['mustard', N_('Mustard')],
  ['sesame', N_('Sesame seeds')],
  ['sulphites', N_('Sulphur dioxide and sulphites')],
  ['lupin', N_('Lupin')],
  ['molluscs', N_('Molluscs')],
];

/** The nutrition declaration's fields, by meta key, with their unit, in the order of Annex XV. */
export const NUTRIENTS: ReadonlyArray<[string, string, string]> = [
  ['laden_nutrient_energy_kj', N_('Energy'), 'kJ'],
  ['laden_nutrient_energy_kcal', N_('Energy'), 'kcal'],
  ['laden_nutrient_fat', N_('Fat'), 'g'],
  ['laden_nutrient_saturates', N_('of which saturates'), 'g'],
  ['laden_nutrient_carbohydrate', N_('Carbohydrate'), 'g'],
  ['laden_nutrient_sugars', N_('of which sugars'), 'g'],
  ['laden_nutrient_fibre', N_('Fibre'), 'g'],
  ['laden_nutrient_protein', N_('Protein'), 'g'],
  ['laden_nutrient_salt', N_('Salt'), 'g'],
];

/** The food information's text fields, by meta key (Germanized's keys). */
export const FOOD_TEXTS: ReadonlyArray<[string, string]> = [
  ['_food_description', N_('Name of the food')],
  ['_ingredients', N_('Ingredients')],
  ['_net_filling_quantity', N_('Net quantity')],
  ['_drained_weight', N_('Drained weight')],
  ['_alcohol_content', N_('Alcohol content')],
  ['_food_place_of_origin', N_('Place of origin')],
  ['_food_distributor', N_('Food business operator')],
];
