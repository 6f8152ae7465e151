// Generated from crates/laden-http/src/wire (ts-rs); do not edit.
// Write anew: LADEN_WRITE_WIRE=1 cargo test -p laden-http wire::typescript

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;

export type VatRate = number;

export type ImageSize = { src: string, width: number, height: number, };

export type Image = { id: number, src: string, thumbnail: string, srcset: string, 
/**
 * The WebP sub-sizes (empty when there are none).
 */
srcset_webp: string, sizes: string, name: string, alt: string, width: number, height: number, caption: string, large: ImageSize, medium: ImageSize, };

export type CardImage = { srcset: string, srcset_webp: string, medium: ImageSize, };

export type Currency = { currency_code: string, currency_symbol: string, currency_minor_unit: number, currency_decimal_separator: string, currency_thousand_separator: string, currency_prefix: string, currency_suffix: string, };

export type PriceRange = { min_amount: string, max_amount: string, };

export type Prices = { price: string, regular_price: string, sale_price: string, price_range: PriceRange | null, currency_code: string, currency_symbol: string, currency_minor_unit: number, currency_decimal_separator: string, currency_thousand_separator: string, currency_prefix: string, currency_suffix: string, };

export type UnitPrice = { price: number, max_price: number, base: string, 
/**
 * The product's content ("250 g"); empty for a variable product's range.
 */
content: string, };

export type SpecialGoods = { 
/**
 * Defects the shopper must accept expressly (empty: none).
 */
defect_description: string, 
/**
 * Used goods with a one-year limitation period for claims for defects.
 */
used_good: boolean, 
/**
 * The age a buyer must have reached (0: none).
 */
min_age: number, 
/**
 * A photovoltaic system sold at the zero rate: the buyer confirms § 12 (3) UStG applies.
 */
photovoltaic: boolean, };

export type DepositInfo = { 
/**
 * On each item, in cents (one unit's times the units).
 */
amount: number, 
/**
 * One unit's deposit in cents, and how many units an item holds.
 */
unit_amount: number, units: number, 
/**
 * The deposit type's name.
 */
name: string, packaging: 'disposable' | 'reusable', 
/**
 * "zzgl. 1,50 € Pfand (6 × 0,25 €, Einweg)", to show beside the price.
 */
notice: string, };

export type SaleLabelsInfo = { 
/**
 * Before the struck-through price (null: none, read as „Ursprünglicher Preis“).
 */
strike: string | null, 
/**
 * Before the price asked now (null: none).
 */
sale: string | null, };

export type ProductSafety = { 
/**
 * The manufacturer the product names (null: none named).
 */
manufacturer: ManufacturerInfo | null, 
/**
 * Warnings and safety information, as lines of text (empty: none).
 */
information: string, };

export type ManufacturerInfo = { name: string, 
/**
 * Postal and electronic address, as lines of text.
 */
address: string, 
/**
 * The responsible person in the EU, as lines of text (empty: none).
 */
eu_person: string, };

export type FoodInfo = { 
/**
 * Name, ingredients, allergens, alcohol, quantities, origin, operator (those stated).
 */
particulars: Array<FoodRow>, 
/**
 * The nutrition declaration (null: none).
 */
nutrition: Nutrition | null, };

export type FoodRow = { label: string, value: string, };

export type Nutrition = { 
/**
 * „Durchschnittliche Nährwerte pro 100 g“.
 */
caption: string, rows: Array<NutritionRow>, };

export type NutritionRow = { label: string, 
/**
 * „2.252 kJ / 539 kcal“, „3,5 g“, „<0,5 g“.
 */
value: string, 
/**
 * A part of the row above („davon …“).
 */
part: boolean, };

export type CategoryRef = { id: number, name: string, slug: string, link: string, };

export type Term = { id: number, name: string, slug: string, };

export type ProductAttribute = { id: number, name: string, taxonomy: string | null, has_variations: boolean, terms: Array<Term>, };

export type AttributeValue = { name: string, value: string, };

export type VariationRef = { id: number, attributes: Array<AttributeValue>, };

export type StockAvailability = { text: string, class: string, };

export type AddToCart = { text: string, description: string, url: string, single_text: string, minimum: number, maximum: number, multiple_of: number, };

export type LadenProduct = { tax_class: string, tax_rate: VatRate, featured: boolean, stock_quantity: number | null, unit_price: UnitPrice | null, 
/**
 * Lieferzeit as the product states it (empty: the shop's default).
 */
delivery_time: string, special: SpecialGoods, 
/**
 * The deposit on each item (a variable product's own, else the one all its variations
 * share); null: none.
 */
deposit: DepositInfo | null, 
/**
 * What is said in place of "inkl. MwSt." (goods under the margin scheme, § 25a UStG);
 * null: "inkl. MwSt.".
 */
tax_notice: string | null, 
/**
 * Product safety (GPSR): on a single product's answer, where the product states any.
 */
safety?: ProductSafety, 
/**
 * Food information (LMIV): on a single product's answer, where the product is a food.
 */
food?: FoodInfo, 
/**
 * On sale: the lowest price of the 30 days before the reduction (cents).
 */
lowest_price: number | null, 
/**
 * The words before the struck and the reduced price; null: none chosen.
 */
sale_labels: SaleLabelsInfo | null, 
/**
 * No shipping (WooCommerce `virtual`).
 */
virtual: boolean, downloadable: boolean, 
/**
 * `no`, `notify`, `yes`.
 */
backorders: string, 
/**
 * Weight in grams and dimensions in millimetres (length, width, height), where given.
 */
weight_g: number | null, dimensions_mm: [number | null, number | null, number | null] | null, 
/**
 * A grouped product's products, upsells and cross-sells, by id.
 */
grouped_products: Array<number>, upsell_ids: Array<number>, cross_sell_ids: Array<number>, 
/**
 * Seconds: when a scheduled sale starts and ends.
 */
sale_from: number | null, sale_to: number | null, };

export type ProductExtensions = { laden: LadenProduct, };

export type StoreProduct = { id: number, name: string, slug: string, parent: number, type: 'simple' | 'variable' | 'variation' | 'grouped' | 'external', variation: string, permalink: string, sku: string, short_description: string, description: string, on_sale: boolean, prices: Prices, price_html: string, average_rating: string, review_count: number, images: Array<Image>, categories: Array<CategoryRef>, tags: Array<Term>, brands: Array<Term>, attributes: Array<ProductAttribute>, variations: Array<VariationRef>, has_options: boolean, is_purchasable: boolean, is_in_stock: boolean, is_on_backorder: boolean, low_stock_remaining: number | null, stock_availability: StockAvailability, sold_individually: boolean, add_to_cart: AddToCart, extensions: ProductExtensions, };

export type Card = { id: number, name: string, permalink: string, type: 'simple' | 'variable' | 'variation' | 'grouped' | 'external', on_sale: boolean, is_in_stock: boolean, prices: Prices, average_rating: string, review_count: number, extensions: ProductExtensions, images: Array<CardImage>, };

export type GallerySlide = { "type": "image", image: Image, } | { "type": "video", src: string, autoplay: boolean, poster: Image | null, } | { "type": "iframe", src: string, poster: Image | null, };

export type VariationDetail = { variation_id: number, sku: string, attributes: { [key in string]: string }, is_in_stock: boolean, is_purchasable: boolean, display_price: number, display_regular_price: number, max_qty: number, min_qty: number, image_id: number, image: Image | null, low_stock_remaining: number | null, unit_price: UnitPrice | null, delivery_time: string, special: SpecialGoods, deposit: DepositInfo | null, tax_notice: string | null, lowest_price: number | null, sale_labels: SaleLabelsInfo | null, } & ({ [key in string]: number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null });

export type StoreReview = { id: number, date_created: string, formatted_date_created: string, date_created_gmt: string, product_id: number, product_name: string, product_permalink: string, product_image: Image | null, reviewer: string, review: string, rating: number, verified: boolean, reviewer_avatar_urls: { [key in string]: string }, };

export type Empty = Record<symbol, never>;

export type Address = { first_name: string, last_name: string, company: string, address_1: string, address_2: string, city: string, state: string, postcode: string, country: string, email: string, phone: string, };

export type QuantityLimits = { minimum: number, maximum: number, multiple_of: number, editable: boolean, };

export type RawPrices = { precision: number, price: string, regular_price: string, sale_price: string, };

export type ItemPrices = { price: string, regular_price: string, sale_price: string, price_range: PriceRange | null, raw_prices: RawPrices, currency_code: string, currency_symbol: string, currency_minor_unit: number, currency_decimal_separator: string, currency_thousand_separator: string, currency_prefix: string, currency_suffix: string, };

export type LineTotals = { line_subtotal: string, line_subtotal_tax: string, line_total: string, line_total_tax: string, currency_code: string, currency_symbol: string, currency_minor_unit: number, currency_decimal_separator: string, currency_thousand_separator: string, currency_prefix: string, currency_suffix: string, };

export type ItemVariation = { attribute: string, value: string, };

export type LadenCartItem = { tax_rate: VatRate, 
/**
 * The line's gross total in cents (the Store API's totals are net).
 */
line_total_gross: string, unit_price: UnitPrice | null, 
/**
 * Lieferzeit as the product states it (empty: the shop's default).
 */
delivery_time: string, 
/**
 * A variation's product (0: none), and the product's cross-sells (the cart suggests them).
 */
parent: number, cross_sell_ids: Array<number>, 
/**
 * Downloadable: the checkout offers the waiver for digital content.
 */
downloadable: boolean, 
/**
 * Defects, used goods, minimum age: the checkout asks the shopper to agree to them.
 */
special: SpecialGoods, 
/**
 * The deposit on each item, beside the price (null: none).
 */
deposit: DepositInfo | null, 
/**
 * Said in place of "inkl. MwSt." (goods under the margin scheme, § 25a UStG; null: none).
 */
tax_notice: string | null, };

export type CartItemExtensions = { laden: LadenCartItem, };

export type CartItem = { key: string, id: number, type: 'simple' | 'variable' | 'variation', quantity: number, quantity_limits: QuantityLimits, name: string, short_description: string, description: string, sku: string, low_stock_remaining: number | null, backorders_allowed: boolean, show_backorder_badge: boolean, sold_individually: boolean, permalink: string, images: Array<Image>, variation: Array<ItemVariation>, item_data: Array<JsonValue>, prices: ItemPrices, totals: LineTotals, catalog_visibility: string, extensions: CartItemExtensions, };

export type TaxLine = { name: string, price: string, rate: string, };

export type FeeTotals = { total: string, total_tax: string, currency_code: string, currency_symbol: string, currency_minor_unit: number, currency_decimal_separator: string, currency_thousand_separator: string, currency_prefix: string, currency_suffix: string, };

export type Fee = { key: string, name: string, totals: FeeTotals, };

export type LadenCartTotals = { total_items_gross: string, total_shipping_gross: string, total_discount_gross: string, 
/**
 * The deposits (Pfand), gross.
 */
total_fees_gross: string, 
/**
 * Why the cart charges no VAT where it is a tax-free supply (a delivery outside the EU, goods
 * to a business in another member state with its VAT id: every amount net), in German;
 * none otherwise.
 */
tax_free_notice: string | null, };

export type CartTotalsExtensions = { laden: LadenCartTotals, };

export type CartTotals = { total_items: string, total_items_tax: string, total_fees: string, total_fees_tax: string, total_discount: string, total_discount_tax: string, total_shipping: string, total_shipping_tax: string, total_price: string, total_tax: string, tax_lines: Array<TaxLine>, extensions: CartTotalsExtensions, currency_code: string, currency_symbol: string, currency_minor_unit: number, currency_decimal_separator: string, currency_thousand_separator: string, currency_prefix: string, currency_suffix: string, };

export type Destination = { country: string, };

export type ShippingRate = { rate_id: string, name: string, description: string, delivery_time: string, price: string, taxes: string, method_id: string, instance_id: number, meta_data: Array<JsonValue>, selected: boolean, currency_code: string, currency_symbol: string, currency_minor_unit: number, currency_decimal_separator: string, currency_thousand_separator: string, currency_prefix: string, currency_suffix: string, };

export type PackageItem = { key: string, name: string, quantity: number, };

export type ShippingPackage = { package_id: number, name: string, destination: Destination, items: Array<PackageItem>, shipping_rates: Array<ShippingRate>, };

export type CouponTotals = { total_discount: string, total_discount_tax: string, currency_code: string, currency_symbol: string, currency_minor_unit: number, currency_decimal_separator: string, currency_thousand_separator: string, currency_prefix: string, currency_suffix: string, };

export type LadenCartCoupon = { total_discount_gross: string, };

export type CartCouponExtensions = { laden: LadenCartCoupon, };

export type CartCoupon = { code: string, discount_type: 'percent' | 'fixed_cart', totals: CouponTotals, extensions: CartCouponExtensions, };

export type StoreCart = { items: Array<CartItem>, coupons: Array<CartCoupon>, fees: Array<Fee>, totals: CartTotals, shipping_address: Destination, billing_address: Empty, needs_payment: boolean, needs_shipping: boolean, payment_requirements: Array<string>, has_calculated_shipping: boolean, shipping_rates: Array<ShippingPackage>, items_count: number, items_weight: number, cross_sells: Array<JsonValue>, errors: Array<JsonValue>, payment_methods: Array<string>, extensions: Empty, };

export type OrderItemPrices = { price: string, regular_price: string, sale_price: string, currency_code: string, currency_symbol: string, currency_minor_unit: number, currency_decimal_separator: string, currency_thousand_separator: string, currency_prefix: string, currency_suffix: string, };

export type OrderLineTotals = { line_total: string, line_total_tax: string, currency_code: string, currency_symbol: string, currency_minor_unit: number, currency_decimal_separator: string, currency_thousand_separator: string, currency_prefix: string, currency_suffix: string, };

export type LadenOrderItem = { tax_rate: VatRate, 
/**
 * The Grundpreis as sold, `{price, base, content}`, as the order keeps it (null: none).
 */
unit_price: JsonValue, delivery_time: string, 
/**
 * The product's purchase note as sold (safe HTML; empty: none).
 */
purchase_note: string, 
/**
 * The deposit charged on each item (null: none).
 */
deposit: DepositInfo | null, 
/**
 * Sold under the margin scheme (§ 25a UStG): what is said in place of the VAT (null: none).
 */
tax_notice: string | null, };

export type OrderItemExtensions = { laden: LadenOrderItem, };

export type OrderItem = { id: number, name: string, sku: string, 
/**
 * A variation's options as sold (its "any" ones as chosen), as the Store API's cart lines.
 */
variation: Array<ItemVariation>, quantity: number, prices: OrderItemPrices, totals: OrderLineTotals, extensions: OrderItemExtensions, };

export type OrderCoupon = { code: string, totals: CouponTotals, };

export type OrderTotals = { subtotal: string, total_items: string, total_items_tax: string, total_discount: string, total_discount_tax: string, total_shipping: string, total_shipping_tax: string, total_fees: string, total_fees_tax: string, total_tax: string, total_refund: string, total_price: string, tax_lines: Array<TaxLine>, currency_code: string, currency_symbol: string, currency_minor_unit: number, currency_decimal_separator: string, currency_thousand_separator: string, currency_prefix: string, currency_suffix: string, };

export type LadenOrder = { 
/**
 * The checkboxes accepted at checkout, as the order keeps them:
 * `[{id, text, pages: [{slug, title, revision}]}]`.
 */
legal: JsonValue, withdrawn_at: string | null, 
/**
 * The files the order may download (once paid), with their links.
 */
downloads: Array<OrderDownload>, 
/**
 * Its invoices and cancellation invoices, with the customer's download links.
 */
invoices: Array<OrderInvoice>, 
/**
 * A business customer's VAT id; whether the order was charged without VAT (reverse charge).
 */
vat_id: string, reverse_charge: boolean, 
/**
 * Why the order charged no VAT, in German, where it is a tax-free supply (an
 * intra-community supply, an export); `None` for an order taxed as usual.
 */
tax_free_notice: string | null, 
/**
 * While the order awaits its payment (`needs_payment`): where the shopper pays it, within
 * the site (the order-pay page of `wc/v3`'s `payment_url`).
 */
pay_url: string | null, 
/**
 * The shipping method as chosen at checkout, by its title („Express“, „Abholung im
 * Laden“); empty where the order recorded none.
 */
shipping_method: string, };

export type OrderInvoice = { number: string, 
/**
 * `invoice` or `cancellation`.
 */
kind: string, 
/**
 * "Rechnung" or "Stornorechnung".
 */
title: string, 
/**
 * Issue date, German time.
 */
date: string, url: string, };

export type OrderDownload = { product_id: number, product_name: string, name: string, url: string, 
/**
 * `None`: unlimited.
 */
downloads_remaining: number | null, 
/**
 * ISO date-time; `None`: never.
 */
access_expires: string | null, };

export type OrderExtensions = { laden: LadenOrder, };

export type StoreOrder = { id: number, order_key: string, order_number: string, status: string, date_created: string, items: Array<OrderItem>, coupons: Array<OrderCoupon>, fees: Array<Fee>, totals: OrderTotals, shipping_address: Address, billing_address: Address, payment_method: string, payment_method_title: string, customer_note: string, needs_payment: boolean, needs_shipping: boolean, payment_requirements: Array<string>, errors: Array<JsonValue>, extensions: OrderExtensions, };

export type StoreCategory = { id: number, name: string, slug: string, description: string, parent: number, count: number, image: Image | null, review_count: number, permalink: string, };

export type StoreAttribute = { id: number, name: string, taxonomy: string, type: 'select', order: 'menu_order', has_archives: boolean, count: number, };

export type StoreTerm = { id: number, name: string, slug: string, description: string, parent: number, count: number, };

export type ThemeData = { 
/**
 * The theme's name prefix (ids like `<prefix>-wc-header-reviews`).
 */
prefix: string, 
/**
 * `null`: the default smooth behaviour applies.
 */
smoothScroll: boolean | null, 
/**
 * The spinner is active only when this is "1" or unset.
 */
quantityField: string | null, 
/**
 * The largest step a held spinner button grows to; `null`: no limit.
 */
quantityStepMax: number | null, fixedFooter: boolean, };

export type HeaderData = { breakpoint: number, template: string, stickyTemplate: string, 
/**
 * `fixed`, `sticky` or empty.
 */
behavior: string, 
/**
 * `top` or `bottom`.
 */
position: string, offset: number, 
/**
 * May contain `desktop`, `tablet`, `mobile`.
 */
overlap: string, 
/**
 * Whether the behavior also applies at the tablet and mobile bands.
 */
behaviorTablet: boolean, behaviorMobile: boolean, 
/**
 * `#` opens the mini-cart overlay; a URL navigates.
 */
cartLink: string, };

export type CheckboxData = { id: string, required: boolean, };

export type ShopData = { lightbox: boolean, galleryVertical: boolean, stickySummary: boolean, 
/**
 * The home country's shipping rate and free-shipping threshold, in cents.
 */
shippingFlat: number, freeShippingFrom: number | null, shippingPage: string, termsPage: string, revocationPage: string, privacyPage: string, imprintPage: string, 
/**
 * The shop's postal address (lines), as the imprint gives it: where pickup is.
 */
address: string, 
/**
 * Empty when the shipping page covers payment too.
 */
paymentsPage: string, 
/**
 * The accessibility statement; empty when the shop has none.
 */
accessibilityPage: string, 
/**
 * The withdrawal button's page (§356a BGB).
 */
withdrawalPage: string, 
/**
 * Lieferzeit for products that state none ("2–4 Werktage").
 */
deliveryTime: string, 
/**
 * Kleinunternehmer (§19 UStG): no VAT charged or shown.
 */
smallBusiness: boolean, 
/**
 * Businesses from other EU countries with a VAT id are charged without VAT (the setting, and
 * the shop's own VAT id).
 */
reverseCharge: boolean, 
/**
 * The shop delivers outside the EU, where its sales are tax-free exports charged net (the
 * product page says so); never for a small business, which charges no VAT anywhere.
 */
exports: boolean, 
/**
 * A sale to another member state taxed there keeps its net price and takes that state's
 * VAT on top (the shop's „feste Bruttopreise“ off; the product page says so).
 */
euNetPrices: boolean, 
/**
 * Whether shoppers may order without an account.
 */
guestCheckout: boolean, 
/**
 * The checkout button's text ("Zahlungspflichtig bestellen").
 */
orderButtonText: string, checkboxes: Array<CheckboxData>, };

export type TrackingData = { allowTracking: boolean, 
/**
 * Cookie lifetime in months (× 30 days).
 */
lifetime: number, 
/**
 * Session length in minutes.
 */
session: number, prefix: string, base64: boolean, needsMarketingConsent: boolean, analyticsScript: string, analyticsSnippet: string, promo: boolean, campaignParam: string, termParam: string, contentParam: string, };

export type SiteData = { name: string, description: string, url: string, language: string, currency: string, theme: ThemeData, header: HeaderData, shop: ShopData, tracking: TrackingData, };

export type MenuItemData = { id: number, title: string, kind: 'page' | 'category' | 'product' | 'anchor' | 'custom', href: string, children: Array<MenuItemData>, };

export type Menus = { primary: Array<MenuItemData>, footer: Array<MenuItemData>, };

export type Crumb = { name: string, url: string, };

export type CategoryNode = { id: number, name: string, slug: string, count: number, href: string, children: Array<CategoryNode>, };

export type ContentPage = { id: number, slug: string, title: string, content: JsonValue, };

export type ContentView = { page: ContentPage, 
/**
 * The pictures the layout names, by media id.
 */
media: { [key in string]: Image }, };

export type Pagination = { page: number, totalPages: number, total: number, 
/**
 * The listing's first page (`/shop/`, `/produkt-kategorie/kaffee/`).
 */
base: string, };

export type ListingFilterView = { 
/**
 * Whole euros.
 */
minPrice: number | null, maxPrice: number | null, inStock: boolean, onSale: boolean, inStockCount: number, onSaleCount: number, 
/**
 * The attribute filters: each attribute among the listed products with its terms.
 */
attributes: Array<AttributeFilterView>, };

export type AttributeFilterView = { slug: string, name: string, terms: Array<AttributeTermView>, };

export type AttributeTermView = { slug: string, name: string, count: number, selected: boolean, };

export type ListingView = { products: Array<Card>, pagination: Pagination, categories: Array<CategoryNode>, 
/**
 * The category shown (`null` on `/shop/`).
 */
category: StoreCategory | null, orderby: string, 
/**
 * The search words (`?s=`), empty when the list is not a search.
 */
search: string, filter: ListingFilterView, };

export type ProductView = { product: StoreProduct, gallery: Array<GallerySlide>, variations: Array<VariationDetail>, reviews: Array<StoreReview>, 
/**
 * The URL parameter of each variation attribute (`attribute_groesse`).
 */
attributeParams: { [key in string]: string }, 
/**
 * The choice a shared link carried (known options only).
 */
initialChoice: { [key in string]: string }, 
/**
 * A grouped product's products, in its order.
 */
grouped: Array<StoreProduct>, 
/**
 * The upsells, as cards.
 */
upsells: Array<Card>, };

export type PaymentMethod = { id: string, title: string, };

export type StripeCheckout = { publishableKey: string, 
/**
 * Stripe.js (`https://js.stripe.com/v3/`, or the test server's stand-in).
 */
jsUrl: string, 
/**
 * The SEPA direct debit mandate the shopper accepts (with the shop's name).
 */
mandateText: string, 
/**
 * The mandate's checkbox id, as the checkout sends it.
 */
mandateId: string, };

export type CheckoutView = { 
/**
 * The shop's delivery countries, `[code, German name]`, in its order.
 */
countries: Array<[string, string]>, 
/**
 * Each delivery country's postcode format (a regular expression, unanchored, as the data
 * set of `laden_domain::country` gives it; empty: any of at most 12 characters; null: the
 * country has no postcodes), so the form checks as the server will.
 */
postcodes: { [key in string]: string | null }, paymentMethods: Array<PaymentMethod>, 
/**
 * Stripe.js and the shop's publishable key, when a Stripe method is offered.
 */
stripe: StripeCheckout | null, };

export type BankData = { holder: string, bank: string, iban: string, bic: string, };

export type OrderView = { order: StoreOrder, 
/**
 * Only for Vorkasse: where to transfer the money.
 */
bank?: BankData, };

export type OrderPayView = { order: StoreOrder, 
/**
 * The order still waits for its payment (else the page only says so).
 */
payable: boolean, 
/**
 * The order's page, where the shopper goes once it is paid.
 */
receivedUrl: string, paymentMethods: Array<PaymentMethod>, stripe: StripeCheckout | null, };

export type StaffUser = { id: number, name: string, role: string, };

export type AdminData = { 
/**
 * A `wp_rest` nonce for the signed-in staff member.
 */
nonce: string, user: StaffUser, logout: string, 
/**
 * The shop's delivery countries, `[code, German name]`, in its order.
 */
countries: Array<[string, string]>, 
/**
 * Their postcode formats, as [`CheckoutView::postcodes`].
 */
postcodes: { [key in string]: string | null }, 
/**
 * Every country of ISO 3166-1, `[code, German name]`, in German order: what the shop may
 * choose to deliver to.
 */
allCountries: Array<[string, string]>, };

export type AdminView = { admin: AdminData, };

export type View = { "route": "home" } & ContentView | { "route": "page" } & ContentView | { "route": "shop" } & ListingView | { "route": "category" } & ListingView | { "route": "product" } & ProductView | { "route": "cart" } | { "route": "checkout" } & CheckoutView | { "route": "order" } & OrderView | { "route": "orderPay" } & OrderPayView | { "route": "withdrawal" } | { "route": "notFound" } | { "route": "admin" } & AdminView;

export type PageData = { path: string, title: string, site: SiteData, menus: Menus, breadcrumbs: Array<Crumb>, } & ({ "route": "home" } & ContentView | { "route": "page" } & ContentView | { "route": "shop" } & ListingView | { "route": "category" } & ListingView | { "route": "product" } & ProductView | { "route": "cart" } | { "route": "checkout" } & CheckoutView | { "route": "order" } & OrderView | { "route": "orderPay" } & OrderPayView | { "route": "withdrawal" } | { "route": "notFound" } | { "route": "admin" } & AdminView);

export type QuickView = { product: StoreProduct, gallery: Array<GallerySlide>, variations: Array<VariationDetail>, 
/**
 * The product page's path.
 */
permalink: string, };

export type PagePreview = { content: JsonValue, media: { [key in string]: Image }, };

export type WcMeta = { id: number, key: string, value: JsonValue, };

export type WcImage = { id: number, src: string, name: string, alt: string, position: number, };

export type WcCategoryRef = { id: number, name: string, slug: string, };

export type WcAttribute = { id: number, name: string, position: number, visible: boolean, variation: boolean, options: Array<string>, };

export type WcAttributeChoice = { id: number, name: string, option: string, };

export type WcStock = { manage_stock: boolean, stock_quantity: number | null, stock_status: string, backorders: 'no' | 'notify' | 'yes', low_stock_amount: number | null, };

export type WcDownload = { id: string, name: string, file: string, };

export type WcDimensions = { length: string, width: string, height: string, };

export type WcGoods = { downloads: Array<WcDownload>, 
/**
 * `-1`: unlimited.
 */
download_limit: number, 
/**
 * Days; `-1`: never.
 */
download_expiry: number, 
/**
 * In kg.
 */
weight: string, dimensions: WcDimensions, shipping_required: boolean, 
/**
 * Its shipping class's slug and id among the shop's (`""` and 0: none; a variation's own).
 */
shipping_class: string, shipping_class_id: number, date_on_sale_from: string | null, date_on_sale_from_gmt: string | null, date_on_sale_to: string | null, date_on_sale_to_gmt: string | null, };

export type WcTagRef = { id: number, name: string, slug: string, };

export type WcLinks = { external_url: string, button_text: string, purchase_note: string, sold_individually: boolean, grouped_products: Array<number>, upsell_ids: Array<number>, cross_sell_ids: Array<number>, tags: Array<WcTagRef>, };

export type WcProduct = { id: number, name: string, slug: string, permalink: string, date_created: string, date_created_gmt: string, date_modified: string, date_modified_gmt: string, type: 'simple' | 'variable' | 'grouped' | 'external', status: string, featured: boolean, catalog_visibility: 'visible' | 'catalog' | 'search' | 'hidden', description: string, short_description: string, sku: string, price: string, regular_price: string, sale_price: string, on_sale: boolean, purchasable: boolean, total_sales: number, virtual: boolean, downloadable: boolean, tax_status: string, tax_class: string, reviews_allowed: boolean, average_rating: string, rating_count: number, parent_id: number, categories: Array<WcCategoryRef>, images: Array<WcImage>, attributes: Array<WcAttribute>, default_attributes: Array<JsonValue>, variations: Array<number>, menu_order: number, meta_data: Array<WcMeta>, manage_stock: boolean, stock_quantity: number | null, stock_status: string, backorders: 'no' | 'notify' | 'yes', low_stock_amount: number | null, downloads: Array<WcDownload>, 
/**
 * `-1`: unlimited.
 */
download_limit: number, 
/**
 * Days; `-1`: never.
 */
download_expiry: number, 
/**
 * In kg.
 */
weight: string, dimensions: WcDimensions, shipping_required: boolean, 
/**
 * Its shipping class's slug and id among the shop's (`""` and 0: none; a variation's own).
 */
shipping_class: string, shipping_class_id: number, date_on_sale_from: string | null, date_on_sale_from_gmt: string | null, date_on_sale_to: string | null, date_on_sale_to_gmt: string | null, external_url: string, button_text: string, purchase_note: string, sold_individually: boolean, grouped_products: Array<number>, upsell_ids: Array<number>, cross_sell_ids: Array<number>, tags: Array<WcTagRef>, };

export type WcVariation = { id: number, parent_id: number, date_created: string, date_created_gmt: string, date_modified: string, date_modified_gmt: string, description: string, permalink: string, sku: string, price: string, regular_price: string, sale_price: string, on_sale: boolean, status: string, purchasable: boolean, virtual: boolean, downloadable: boolean, tax_status: string, tax_class: string, image: WcImage | null, attributes: Array<WcAttributeChoice>, menu_order: number, meta_data: Array<WcMeta>, manage_stock: boolean, stock_quantity: number | null, stock_status: string, backorders: 'no' | 'notify' | 'yes', low_stock_amount: number | null, downloads: Array<WcDownload>, 
/**
 * `-1`: unlimited.
 */
download_limit: number, 
/**
 * Days; `-1`: never.
 */
download_expiry: number, 
/**
 * In kg.
 */
weight: string, dimensions: WcDimensions, shipping_required: boolean, 
/**
 * Its shipping class's slug and id among the shop's (`""` and 0: none; a variation's own).
 */
shipping_class: string, shipping_class_id: number, date_on_sale_from: string | null, date_on_sale_from_gmt: string | null, date_on_sale_to: string | null, date_on_sale_to_gmt: string | null, };

export type WcCategory = { id: number, name: string, slug: string, parent: number, description: string, display: string, image: WcImage | null, menu_order: number, count: number, };

export type WcProductAttribute = { id: number, name: string, slug: string, type: 'select', order_by: 'menu_order', has_archives: boolean, };

export type WcTerm = { id: number, name: string, slug: string, description: string, 
/**
 * Attribute terms only (tags have no order).
 */
menu_order: number | null, count: number, };

export type WcPaymentGateway = { id: string, title: string, description: string, order: number, enabled: boolean, method_title: string, method_description: string, method_supports: Array<string>, };

export type WcTaxClass = { slug: string, name: string, };

export type WcCurrency = { code: string, name: string, symbol: string, };

export type WcTaxRate = { id: number, country: string, state: string, postcode: string, city: string, postcodes: Array<string>, cities: Array<string>, 
/**
 * Percent with four decimals ("19.0000").
 */
rate: string, name: string, priority: number, compound: boolean, 
/**
 * Whether the rate also applies to shipping.
 */
shipping: boolean, order: number, 
/**
 * The VAT class's slug (`standard`, `reduced-rate`).
 */
class: string, };

export type WcState = { code: string, name: string, };

export type WcCountry = { code: string, name: string, states: Array<WcState>, };

export type WcShippingZone = { id: number, name: string, order: number, };

export type WcZoneLocation = { code: string, type: string, };

export type WcSettingValue = string | Array<string>;

export type WcSetting = { id: string, label: string, description: string, type: string, default: WcSettingValue, value: WcSettingValue, tip: string, placeholder: string, 
/**
 * A select's choices: value → German label.
 */
options?: { [key in string]: string }, 
/**
 * The group, for a setting of `settings/{group}` (none for a method's field).
 */
group_id?: string, };

export type WcSettingGroup = { id: string, label: string, description: string, parent_id: string, sub_groups: Array<string>, };

export type WcShippingMethod = { id: string, title: string, description: string, };

export type WcZoneMethod = { id: number, instance_id: number, title: string, order: number, enabled: boolean, method_id: string, method_title: string, method_description: string, settings: { [key in string]: WcSetting }, };

export type WcReview = { id: number, date_created: string, date_created_gmt: string, product_id: number, product_name: string, status: 'approved' | 'hold' | 'spam' | 'trash', reviewer: string, reviewer_email: string, review: string, rating: number, verified: boolean, };

export type WcCustomer = { id: number, date_created: string, date_created_gmt: string, date_modified: string, date_modified_gmt: string, email: string, first_name: string, last_name: string, role: string, username: string, billing: Address, shipping: Address, is_paying_customer: boolean, orders_count: number, total_spent: string, avatar_url: string, meta_data: Array<WcMeta>, };

export type WcCoupon = { id: number, code: string, amount: string, status: string, date_created: string, date_created_gmt: string, date_modified: string, date_modified_gmt: string, discount_type: 'percent' | 'fixed_cart', description: string, date_expires: string | null, date_expires_gmt: string | null, usage_count: number, individual_use: boolean, product_ids: Array<number>, excluded_product_ids: Array<number>, usage_limit: number | null, usage_limit_per_user: number | null, limit_usage_to_x_items: number | null, free_shipping: boolean, product_categories: Array<number>, excluded_product_categories: Array<number>, exclude_sale_items: boolean, minimum_amount: string, maximum_amount: string, email_restrictions: Array<string>, used_by: Array<string>, meta_data: Array<WcMeta>, };

export type WcCouponLine = { id: number, code: string, discount: string, discount_tax: string, };

export type WcLineTax = { id: number, total: string, subtotal: string, };

export type WcItemMeta = { id: number, key: string, value: string, display_key: string, display_value: string, };

export type WcLineImage = { id: number, src: string, };

export type WcLineItem = { id: number, name: string, 
/**
 * A variation's product's name as it is now (null for a product of its own).
 */
parent_name: string | null, 
/**
 * The product's picture as it is now (a variation without one, its product's).
 */
image: WcLineImage, product_id: number, variation_id: number, quantity: number, 
/**
 * The VAT class's slug (`""` standard, `reduced-rate`), by the rate the line was sold at.
 */
tax_class: string, 
/**
 * Net before the coupons, and its VAT.
 */
subtotal: string, subtotal_tax: string, 
/**
 * Net after the coupons, and its VAT (WooCommerce keeps line amounts net).
 */
total: string, total_tax: string, 
/**
 * The VAT by rate (`id`: the rate of `GET taxes`).
 */
taxes: Array<WcLineTax>, sku: string, 
/**
 * The net unit price after the coupons (`total / quantity`), a number as in WooCommerce.
 */
price: number, 
/**
 * The Grundpreis as sold, `{price, base, content}`, as the order keeps it (null: none).
 */
laden_unit_price: { price: number, base: string, content: string } | null, laden_delivery_time: string, 
/**
 * A variation's options as sold (its "any" ones as the shopper chose them), as WooCommerce
 * keeps them on the line: `key` the attribute's slug, `display_key` its name.
 */
meta_data: Array<WcItemMeta>, };

export type WcShippingLine = { id: number, method_title: string, method_id: string, instance_id: string, total: string, total_tax: string, taxes: Array<WcLineTax>, meta_data: Array<WcMeta>, };

export type WcFeeLine = { id: number, name: string, tax_class: string, tax_status: string, 
/**
 * The fee as charged, net (WooCommerce's `amount`, what `total` is before any discount).
 */
amount: string, total: string, total_tax: string, taxes: Array<WcLineTax>, meta_data: Array<WcMeta>, 
/**
 * The items of the goods it is on: how many a refund of this line can give back.
 */
laden_quantity: number, };

export type WcTaxLine = { id: number, rate_code: string, rate_id: number, label: string, compound: boolean, tax_total: string, shipping_tax_total: string, rate_percent: VatRate, meta_data: Array<WcMeta>, };

export type WcWithdrawal = { date: string, 
/**
 * The customer's statement (only on a single order's answer).
 */
statement?: string, };

export type WcMail = { id: number, kind: 'order_confirmation' | 'shipping_notice' | 'withdrawal_receipt' | 'withdrawal_notice' | 'account_confirmation' | 'invoice' | 'password_reset' | 'password_changed', recipient: string, status: string, attempts: number, last_error: string, date_created: string, date_sent: string | null, };

export type InvoiceOut = { id: number, order_id: number, 
/**
 * `invoice` or `cancellation`.
 */
kind: string, number: string, 
/**
 * The invoice a cancellation cancels (in full, or in part for a refund).
 */
cancels: number | null, 
/**
 * A partial cancellation (Teilstornorechnung) of a refund.
 */
partial: boolean, 
/**
 * Whether cancellations have cancelled all of this invoice.
 */
cancelled: boolean, 
/**
 * Issue date, German time (`2026-11-26T10:15:00`).
 */
date: string, 
/**
 * Gross and VAT as decimal text, as WooCommerce writes amounts.
 */
total: string, total_tax: string, 
/**
 * Where staff download the PDF.
 */
pdf: string, };

export type DashboardToday = { orders: number, revenue: string, items: number, };

export type OssThreshold = { this_year: string, last_year: string, threshold: string, 
/**
 * This year's share of the threshold, in percent (rounded down).
 */
percent: number, 
/**
 * The share from which the admin warns (`OSS_WARNING_PERCENT`).
 */
warn_percent: number, 
/**
 * Near it (80 %), not yet passed: the admin warns.
 */
warn: boolean, 
/**
 * Passed, this year or last: these sales are taxed in their destination from now on.
 */
passed: boolean, };

export type LowStock = { id: number, 
/**
 * The variable product of a variation; 0 for a product.
 */
parent_id: number, name: string, sku: string | null, stock_quantity: number, };

export type Dashboard = { today: DashboardToday, 
/**
 * Invoices are meant but none is issued, for want of a tax number or VAT ID.
 */
invoices_blocked: boolean, 
/**
 * Invoices are issued and goods delivered outside the EU without the shop's VAT ID, which
 * export e-invoices need (EN 16931 BR-G-02).
 */
exports_need_vat_id: boolean, 
/**
 * Up to ten products and variations at or below their low-stock threshold.
 */
low_stock: Array<LowStock>, 
/**
 * The year's distance sales to consumers in other EU countries against the One-Stop-Shop
 * threshold.
 */
oss: OssThreshold, };

export type ProviderStatusOut = { 
/**
 * Its keys are set on this instance, so its methods may be offered.
 */
configured: boolean, 
/**
 * `test` (no money moves) or `live`; empty while not configured.
 */
mode: string, 
/**
 * The payment methods it brings (gateway ids).
 */
methods: Array<string>, 
/**
 * The address to enter in the provider's dashboard as the webhook endpoint.
 */
webhook_url: string, 
/**
 * Whether the webhook's signing secret is set (without it webhooks are refused).
 */
webhook_secret_set: boolean, 
/**
 * When the provider's last verified webhook arrived (German time, `2026-12-05T12:40:00`).
 */
last_webhook: string | null, };

export type PaymentProvidersOut = { stripe: ProviderStatusOut, };

export type ImportRowIssue = { line: number, message: string, };

export type ImportReportOut = { rows: number, created: number, updated: number, errors: Array<ImportRowIssue>, warnings: Array<ImportRowIssue>, };

export type ImportJobOut = { id: string, status: 'running' | 'done' | 'failed', done: number, total: number, report: ImportReportOut | null, 
/**
 * Why a failed import stopped.
 */
error: string | null, };

export type MenuItemOut = { id: number, title: string, kind: string, target: string, children: Array<MenuItemOut>, };

export type MenuOut = { location: string, label: string, name: string, items: Array<MenuItemOut>, };

export type VisitorSession = { logged_in: boolean, name: string | null, billing: Address | null, shipping: Address | null, };

export type WcOrderRefund = { id: number, reason: string, total: string, };

export type WcRefundLine = { id: number, name: string, product_id: number, variation_id: number, quantity: number, sku: string, subtotal: string, total: string, 
/**
 * Gross given back, positive.
 */
refund_total: number, meta_data: Array<WcMeta>, };

export type WcRefund = { id: number, date_created: string, date_created_gmt: string, amount: string, reason: string, refunded_by: number, 
/**
 * Whether the payment provider paid it back (Laden's payment methods never do: staff pay
 * it back themselves).
 */
refunded_payment: boolean, meta_data: Array<WcMeta>, line_items: Array<WcRefundLine>, 
/**
 * Whether its units went back to stock.
 */
laden_restocked: boolean, 
/**
 * Its partial cancellation invoice (Teilstornorechnung), when the order had an invoice.
 */
laden_invoice: InvoiceOut | null, };

export type WcOrder = { id: number, 
/**
 * Always 0: Laden's orders have no parent order.
 */
parent_id: number, 
/**
 * The order number as shown to the customer (the id).
 */
number: string, status: string, currency: string, currency_symbol: string, order_key: string, 
/**
 * `store-api`: every order comes from the shop's checkout (WooCommerce's word for it).
 */
created_via: string, date_created: string, date_created_gmt: string, date_modified: string, date_modified_gmt: string, 
/**
 * When it was paid (first reached processing or completed), and when it was completed:
 * `null` until then.
 */
date_paid: string | null, date_paid_gmt: string | null, date_completed: string | null, date_completed_gmt: string | null, customer_id: number, prices_include_tax: boolean, discount_total: string, discount_tax: string, coupon_lines: Array<WcCouponLine>, total: string, total_tax: string, 
/**
 * Shipping net, and its VAT (as WooCommerce keeps it).
 */
shipping_total: string, shipping_tax: string, 
/**
 * The goods' VAT after the coupons.
 */
cart_tax: string, billing: Address, shipping: Address, payment_method: string, payment_method_title: string, 
/**
 * The payment provider's reference: empty, as Laden's methods are paid offline.
 */
transaction_id: string, 
/**
 * Laden keeps no shopper's IP address (data minimisation); empty.
 */
customer_ip_address: string, 
/**
 * The browser that ordered, as the order attribution recorded it (empty without).
 */
customer_user_agent: string, cart_hash: string, 
/**
 * Waiting for payment (pending or failed) with something to pay, as WooCommerce's `needs_payment`.
 */
needs_payment: boolean, 
/**
 * Where the shopper pays it (WooCommerce's `payment_url`, the checkout's `order-pay` page).
 */
payment_url: string, 
/**
 * Pending or on hold: its items may still be changed, as WooCommerce's `is_editable`.
 */
is_editable: boolean, customer_note: string, 
/**
 * The status's German name, for screens.
 */
status_label: string, line_items: Array<WcLineItem>, tax_lines: Array<WcTaxLine>, shipping_lines: Array<WcShippingLine>, 
/**
 * Fees: the deposits (Pfand), one for each line whose goods carry one.
 */
fee_lines: Array<WcFeeLine>, refunds: Array<WcOrderRefund>, meta_data: Array<WcMeta>, 
/**
 * WooCommerce's "Origin" column, in German.
 */
origin: string, 
/**
 * What was accepted at checkout (checkbox, its text, the legal pages' versions), as kept.
 */
laden_legal: Array<{ id: string, text: string, pages: Array<{ slug: string, title: string, revision: number | null }> }>, laden_withdrawal: WcWithdrawal | null, 
/**
 * The order's e-mails (only on a single order's answer).
 */
laden_mails?: Array<WcMail>, 
/**
 * The order's invoices and cancellation invoices (only on a single order's answer).
 */
laden_invoices?: Array<InvoiceOut>, };

export type WcTopSeller = { title: string, product_id: number, quantity: number, };

export type WcNote = { id: number, author: string, date_created: string, date_created_gmt: string, note: string, customer_note: boolean, };

export type WeightBandWire = { up_to_grams: number, cost: string, };

export type ExtraMethodWire = { kind: string, title: string, cost: string, hours: string, 
/**
 * A flat rate's: what it adds per shipping class (slug → decimal text) and for goods of no
 * class (empty: nothing), and how.
 */
class_costs: { [key in string]: string }, no_class_cost: string, class_per_order: boolean, };

export type MethodsWire = { weight_bands: Array<WeightBandWire>, extra: Array<ExtraMethodWire>, 
/**
 * What the standard rate adds per shipping class (slug → decimal text).
 */
class_costs: { [key in string]: string }, 
/**
 * What it adds for goods of no class (WooCommerce's `no_class_cost`; empty: nothing).
 */
no_class_cost: string, 
/**
 * Only the dearest class's cost (WooCommerce's `type: order`), not each class's.
 */
class_per_order: boolean, };

export type ZoneOut = { name: string, countries: Array<string>, cost: string, free_from: string | null, 
/**
 * The zone's Lieferzeit for products that state none; empty: the shop's.
 */
delivery_time: string, 
/**
 * Its weight bands and further methods.
 */
methods: MethodsWire, };

export type ShippingClassWire = { id: number, slug: string, name: string, description: string, };

export type ManufacturerOut = { 
/**
 * What a product's `_manufacturer_slug` names (made from the first name; kept when renamed).
 */
slug: string, name: string, address: string, eu_person: string, };

export type DepositTypeOut = { 
/**
 * What a product's `_deposit_type` names (made from the first name; kept when renamed).
 */
slug: string, name: string, packaging: 'disposable' | 'reusable', 
/**
 * One unit's deposit, as decimal text ("0.25").
 */
amount: string, };

export type PriceLabelOut = { 
/**
 * What a product's `_sale_price_label` names (made from the first name; kept when renamed).
 */
slug: string, name: string, };

export type WpSettings = { title: string, description: string, url: string, email: string, timezone: string, date_format: string, time_format: string, start_of_week: number, language: string, use_smilies: boolean, default_category: number, default_post_format: string, posts_per_page: number, show_on_front: string, page_on_front: number, page_for_posts: number, default_ping_status: string, default_comment_status: string, site_logo: number | null, site_icon: number, laden_shop_lightbox: boolean, laden_gallery_vertical: boolean, laden_header_cart_link: string, laden_quantity_field: string | null, laden_quantity_step_max: number | null, laden_smooth_scroll: boolean | null, laden_fixed_footer: boolean, laden_header_breakpoint: number, laden_header_template: string, laden_header_sticky_template: string, laden_header_behavior: string, laden_header_position: string, laden_header_offset: number, laden_header_overlap: string, laden_header_behavior_tablet: boolean, laden_header_behavior_mobile: boolean, laden_tracking_allow: boolean, laden_tracking_needs_marketing_consent: boolean, laden_analytics_script: string, laden_analytics_snippet: string, laden_tracking_promo: boolean, laden_tracking_campaign_param: string, laden_tracking_term_param: string, laden_tracking_content_param: string, laden_sticky_summary: boolean, laden_shipping_flat: string, laden_shipping_free_from: string | null, laden_low_stock_amount: number, laden_hold_stock_minutes: number, laden_delivery_time: string, laden_page_shipping: string, laden_page_terms: string, laden_page_revocation: string, laden_page_privacy: string, laden_page_imprint: string, laden_page_payments: string, laden_page_accessibility: string, laden_small_business: boolean, laden_reverse_charge: boolean, 
/**
 * „An OSS teilnehmen“: EU consumers pay their own country's VAT from the first sale.
 */
laden_oss: boolean, 
/**
 * „Feste Bruttopreise“: true keeps the gross price across member states, false the net.
 */
laden_oss_fixed_gross_prices: boolean, laden_guest_checkout: boolean, 
/**
 * WordPress's `blog_public` turned round: search engines are asked not to index the shop.
 */
laden_discourage_search_engines: boolean, laden_order_button_text: string, laden_checkbox_parcel_delivery: boolean, laden_checkbox_digital_waiver: boolean, laden_shop_email: string, laden_bank_account_holder: string, laden_bank_name: string, laden_bank_iban: string, laden_bank_bic: string, laden_shop_address: string, laden_shop_vat_id: string, laden_shop_tax_number: string, laden_payment_methods: Array<string>, 
/**
 * When invoices are issued: `order`, `paid`, `completed` or `never`.
 */
laden_invoice_moment: string, laden_invoice_number_format: string, laden_cancellation_number_format: string, laden_invoice_due_days: number, 
/**
 * Read only: invoices are meant but none is issued, for want of a tax number or VAT ID.
 */
laden_invoices_blocked: boolean, 
/**
 * The countries the shop sells and delivers to (ISO 3166-1 codes, the checkout's order).
 */
laden_delivery_countries: Array<string>, laden_shipping_zones: Array<ZoneOut>, 
/**
 * The weight bands and further methods of every delivery country in no zone.
 */
laden_shipping_methods: MethodsWire, 
/**
 * The shipping classes products name.
 */
laden_shipping_classes: Array<ShippingClassWire>, 
/**
 * The manufacturers products name (GPSR).
 */
laden_manufacturers: Array<ManufacturerOut>, 
/**
 * The deposit types products name (Pfand).
 */
laden_deposit_types: Array<DepositTypeOut>, 
/**
 * The sale price labels products choose from, and the defaults by slug (empty: none).
 */
laden_price_labels: Array<PriceLabelOut>, laden_default_sale_price_label: string, laden_default_sale_price_regular_label: string, };

export type WpRendered = { rendered: string, };

export type WpField = { rendered: string, raw?: string, };

export type WpContent = { rendered: string, protected: boolean, raw?: string, };

export type WpPage = { id: number, date: string, date_gmt: string, guid: WpRendered, modified: string, modified_gmt: string, slug: string, status: string, type: string, link: string, title: WpField, content: WpContent, excerpt: WpContent, author: number, parent: number, menu_order: number, comment_status: string, ping_status: string, template: string, meta: Empty, 
/**
 * The page editor's layout (sections, columns, widgets).
 */
laden_layout?: JsonValue, 
/**
 * The saved state an edit must start from (a stale one is refused).
 */
laden_revision?: number, };

export type WpRevision = { id: number, parent: number, author: number, date: string, date_gmt: string, modified: string, modified_gmt: string, slug: string, title: WpField, content: WpContent, laden_revision: number, laden_status: string, laden_layout?: JsonValue, };

export type WpSource = { file: string, source_url: string, };

export type WpMediaSize = { file: string, width: number, height: number, mime_type: string, source_url: string, 
/**
 * By MIME type (`image/jpeg`, `image/webp`); not on `full`.
 */
sources?: { [key in string]: WpSource }, };

export type WpMediaDetails = { width: number, height: number, file: string, sizes: { [key in string]: WpMediaSize }, image_meta: Empty, 
/**
 * The upload as it came, where `full` is a scaled-down copy.
 */
original_image?: string, };

export type WpMedia = { id: number, date: string, date_gmt: string, guid: WpRendered, modified: string, modified_gmt: string, slug: string, status: string, type: string, link: string, title: WpField, author: number, comment_status: string, ping_status: string, template: string, meta: Empty, description: WpRendered, caption: WpField, alt_text: string, media_type: string, mime_type: string, media_details: WpMediaDetails, post: number | null, source_url: string, 
/**
 * Sizes still to be made (edit context).
 */
missing_image_sizes?: Array<string>, };
