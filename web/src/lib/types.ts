/** The page data the server inlines into every document, and its check at the edge. */

// The shapes the server defines (crates/laden-http/src/wire), generated from its Rust types.
import type {
  BankData as WireBankData,
  Card,
  CardImage as WireCardImage,
  CategoryNode as WireCategoryNode,
  ContentPage,
  GallerySlide as WireGallerySlide,
  HeaderData,
  Image,
  MenuItemData as WireMenuItemData,
  PageData as WirePageData,
  Prices as WirePrices,
  SiteData as WireSiteData,
  StoreOrder,
  StoreProduct,
  StoreReview,
  UnitPrice,
  VariationDetail,
} from '../generated/wire';
export type { ImageSize } from '../generated/wire';

export type ImageData = Image;
export type Prices = WirePrices;
/** Grundpreis (PAngV): price per reference amount in cents (a range for variable products), e.g. 4760 per "1 kg". */
export type UnitPriceData = UnitPrice;
/** A product as the Store API answers it (`GET /wc/store/v1/products/{id}`). */
export type ProductData = StoreProduct;
/** A picture as a product card shows it. */
export type CardImage = WireCardImage;
/** A product as its card shows it: listings and product widgets carry their products in this form only, with the first picture only. */
export type CardData = Card;
/** A variation as the variations form needs it, with the theme's attached-media fields beside. */
export type VariationData = VariationDetail;
export type GallerySlide = WireGallerySlide;
export type ReviewData = StoreReview;
export type MenuItemData = WireMenuItemData;
export type CategoryNode = WireCategoryNode;
export type HeaderSettings = HeaderData;
/** The browser's view of the shop's settings. */
export type SiteData = WireSiteData;
/** The shop's bank account for Vorkasse. */
export type BankData = WireBankData;
/** An order as the Store API answers it and the order received page shows it. */
export type OrderData = StoreOrder;

/**
 * A page-builder widget. The layout document is checked on the server against the widget schemas
 * (laden-store's `layout`); the page data carries it as JSON, and the page builder types it here.
 */
export interface Widget {
  type: string;
  [key: string]: unknown;
}

export interface Section {
  id?: string;
  layout?: 'boxed' | 'stretched';
  columns: Array<{ widgets: Widget[] }>;
}

/** A content page's layout document. */
export interface PageContent {
  version: number;
  sections: Section[];
}

/** The page data a content page carries, with its layout typed as the page builder reads it. */
type WithLayout<T> = T extends { page: ContentPage }
  ? Omit<T, 'page'> & { page: Omit<ContentPage, 'content'> & { content: PageContent } }
  : T;

/** The page data the server inlines into every document: the shared part and the route's view. */
export type PageData = WithLayout<WirePageData>;

/** Every route the server names: a record, so a route added on the server stops this compiling until it is here. */
const ROUTES: Record<WirePageData['route'], true> = {
  home: true,
  page: true,
  shop: true,
  category: true,
  product: true,
  cart: true,
  checkout: true,
  order: true,
  orderPay: true,
  withdrawal: true,
  notFound: true,
  admin: true,
};

export class PageDataError extends Error {}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks the inlined data before the app trusts it. */
export function parsePageData(raw: unknown): PageData {
  if (!isRecord(raw)) throw new PageDataError('page data is not an object');
  const route = raw['route'];
  if (typeof route !== 'string' || !Object.hasOwn(ROUTES, route)) throw new PageDataError(`unknown route ${String(route)}`);
  if (!isRecord(raw['site']) || typeof raw['site']['name'] !== 'string') throw new PageDataError('site missing');
  if (!isRecord(raw['menus']) || !Array.isArray(raw['menus']['primary'])) throw new PageDataError('menus missing');
  const need: Record<string, string[]> = {
    home: ['page', 'media'],
    page: ['page', 'media'],
    shop: ['products', 'pagination', 'categories'],
    category: ['products', 'pagination', 'categories', 'category'],
    product: ['product', 'gallery', 'variations', 'reviews', 'attributeParams', 'initialChoice'],
    checkout: ['countries', 'paymentMethods'],
    order: ['order'],
    orderPay: ['order', 'paymentMethods', 'payable'],
    admin: ['admin'],
  };
  for (const key of need[route] ?? []) {
    if (!(key in raw)) throw new PageDataError(`${route} page without ${key}`);
  }
  return raw as unknown as PageData;
}
