// Generated from crates/laden-http/src/wire (ts-rs); do not edit.
// Write anew: LADEN_WRITE_WIRE=1 cargo test -p laden-http wire::typescript

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;

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

export type CategoryRef = { id: number, name: string, slug: string, link: string, };

export type Term = { id: number, name: string, slug: string, };

export type ProductAttribute = { id: number, name: string, taxonomy: string | null, has_variations: boolean, terms: Array<Term>, };

export type AttributeValue = { name: string, value: string, };

export type VariationRef = { id: number, attributes: Array<AttributeValue>, };

export type StockAvailability = { text: string, class: string, };

export type AddToCart = { text: string, description: string, url: string, single_text: string, minimum: number, maximum: number, multiple_of: number, };

export type LadenProduct = { tax_class: string, tax_rate: number, featured: boolean, stock_quantity: number | null, unit_price: UnitPrice | null, 
/**
 * Lieferzeit as the product states it (empty: the shop's default).
 */
delivery_time: string, 
/**
 * On sale: the lowest price of the 30 days before the reduction (cents).
 */
lowest_price: number | null, };

export type ProductExtensions = { laden: LadenProduct, };

export type StoreProduct = { id: number, name: string, slug: string, parent: number, type: 'simple' | 'variable' | 'variation', variation: string, permalink: string, sku: string, short_description: string, description: string, on_sale: boolean, prices: Prices, price_html: string, average_rating: string, review_count: number, images: Array<Image>, categories: Array<CategoryRef>, tags: Array<Term>, brands: Array<Term>, attributes: Array<ProductAttribute>, variations: Array<VariationRef>, has_options: boolean, is_purchasable: boolean, is_in_stock: boolean, is_on_backorder: boolean, low_stock_remaining: number | null, stock_availability: StockAvailability, sold_individually: boolean, add_to_cart: AddToCart, extensions: ProductExtensions, };

export type Card = { id: number, name: string, permalink: string, type: 'simple' | 'variable' | 'variation', on_sale: boolean, is_in_stock: boolean, prices: Prices, average_rating: string, review_count: number, extensions: ProductExtensions, images: Array<CardImage>, };

export type GallerySlide = { "type": "image", image: Image, } | { "type": "video", src: string, autoplay: boolean, poster: Image | null, } | { "type": "iframe", src: string, poster: Image | null, };

export type VariationDetail = { variation_id: number, sku: string, attributes: { [key in string]: string }, is_in_stock: boolean, is_purchasable: boolean, display_price: number, display_regular_price: number, max_qty: number, min_qty: number, image_id: number, image: Image | null, low_stock_remaining: number | null, unit_price: UnitPrice | null, delivery_time: string, lowest_price: number | null, } & ({ [key in string]: number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null });

export type StoreReview = { id: number, date_created: string, formatted_date_created: string, date_created_gmt: string, product_id: number, product_name: string, product_permalink: string, product_image: Image | null, reviewer: string, review: string, rating: number, verified: boolean, reviewer_avatar_urls: { [key in string]: string }, };
