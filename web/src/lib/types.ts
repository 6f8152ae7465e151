/** The page data the server inlines into every document, and its check at the edge. */

// The shapes the server defines (crates/laden-http/src/wire), generated from its Rust types.
import type {
  Card,
  CardImage as WireCardImage,
  GallerySlide as WireGallerySlide,
  Image,
  Prices as WirePrices,
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

export interface MenuItemData {
  id: number;
  title: string;
  kind: string;
  href: string;
  children: MenuItemData[];
}

export interface CategoryNode {
  id: number;
  name: string;
  slug: string;
  count: number;
  href: string;
  children: CategoryNode[];
}

export interface HeaderSettings {
  breakpoint: number;
  template: string;
  stickyTemplate: string;
  behavior: string;
  position: string;
  offset: number;
  overlap: string;
  /** Whether the behavior also applies at the tablet and mobile bands. */
  behaviorTablet: boolean;
  behaviorMobile: boolean;
  /** `#` opens the mini-cart overlay; a URL navigates. */
  cartLink: string;
}

export interface SiteData {
  name: string;
  description: string;
  url: string;
  language: string;
  currency: string;
  theme: {
    prefix: string;
    smoothScroll?: boolean | null;
    quantityField?: string | null;
    quantityStepMax?: number | null;
    fixedFooter?: boolean;
  };
  header: HeaderSettings;
  shop: {
    lightbox: boolean;
    galleryVertical: boolean;
    stickySummary: boolean;
    shippingFlat: number;
    freeShippingFrom: number | null;
    shippingPage: string;
    termsPage: string;
    revocationPage: string;
    privacyPage: string;
    imprintPage: string;
    /** Lieferzeit for products that state none ("2–4 Werktage"). */
    deliveryTime: string;
    paymentsPage: string;
    /** The withdrawal button's page (§356a BGB). */
    withdrawalPage: string;
    /** Kleinunternehmer (§19 UStG): no VAT charged or shown. */
    smallBusiness: boolean;
    /** Whether shoppers may order without an account. */
    guestCheckout: boolean;
    /** The checkout button's text ("Zahlungspflichtig bestellen"). */
    orderButtonText: string;
    /** The checkout's checkboxes, in order (`terms` always, required). */
    checkboxes: Array<{ id: string; required: boolean }>;
  };
  tracking: {
    allowTracking: boolean;
    lifetime: number;
    session: number;
    prefix: string;
    base64: boolean;
    needsMarketingConsent?: boolean;
    analyticsScript?: string;
    analyticsSnippet?: string;
    promo?: boolean;
    campaignParam?: string;
    termParam?: string;
    contentParam?: string;
  };
}

export interface Widget {
  type: string;
  [key: string]: unknown;
}

export interface Section {
  id?: string;
  layout?: 'boxed' | 'stretched';
  columns: Array<{ widgets: Widget[] }>;
}

/** The shop's bank account for Vorkasse. */
export interface BankData {
  holder: string;
  bank: string;
  iban: string;
  bic: string;
}

export interface OrderData {
  id: number;
  order_key: string;
  order_number: string;
  status: string;
  date_created: string;
  items: Array<{ id: number; name: string; sku: string; quantity: number; prices: { price: string }; totals: { line_total: string } }>;
  /** Redeemed coupons; amounts net with their tax (an older answer may lack them). */
  coupons?: Array<{ code: string; totals: { total_discount: string; total_discount_tax: string } }>;
  totals: {
    total_items: string;
    total_items_tax: string;
    total_shipping: string;
    total_shipping_tax: string;
    total_tax: string;
    total_price: string;
    tax_lines: Array<{ name: string; price: string; rate: string }>;
  };
  billing_address: Record<string, string>;
  shipping_address: Record<string, string>;
  payment_method: string;
  payment_method_title: string;
  customer_note: string;
}

interface Base {
  path: string;
  title: string;
  site: SiteData;
  menus: { primary: MenuItemData[]; footer: MenuItemData[] };
  breadcrumbs: Array<{ name: string; url: string }>;
}

export type PageData = Base &
  (
    | {
        route: 'home' | 'page';
        page: { id: number; slug: string; title: string; content: { version: number; sections: Section[] } };
        media: Record<string, ImageData>;
      }
    | {
        route: 'shop' | 'category';
        products: ProductData[];
        pagination: { page: number; totalPages: number; total: number; base: string };
        categories: CategoryNode[];
        category: { id: number; name: string; slug: string; description: string } | null;
        orderby: string;
      }
    | {
        route: 'product';
        product: ProductData;
        gallery: GallerySlide[];
        variations: VariationData[];
        reviews: ReviewData[];
        /** URL parameter per variation attribute, and the choice the URL carried. */
        attributeParams: Record<string, string>;
        initialChoice: Record<string, string>;
      }
    | { route: 'cart' }
    | { route: 'checkout'; countries: Array<[string, string]>; paymentMethods: Array<{ id: string; title: string }> }
    | { route: 'order'; order: OrderData; bank?: BankData }
    | { route: 'withdrawal' }
    | { route: 'notFound' }
    | {
        route: 'admin';
        admin: { nonce: string; user: { id: number; name: string; role: string }; logout: string; countries: Array<[string, string]> };
      }
  );

const ROUTES = ['home', 'page', 'shop', 'category', 'product', 'cart', 'checkout', 'order', 'withdrawal', 'notFound', 'admin'] as const;

export class PageDataError extends Error {}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks the inlined data before the app trusts it. */
export function parsePageData(raw: unknown): PageData {
  if (!isRecord(raw)) throw new PageDataError('page data is not an object');
  const route = raw['route'];
  if (typeof route !== 'string' || !(ROUTES as readonly string[]).includes(route))
    throw new PageDataError(`unknown route ${String(route)}`);
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
    admin: ['admin'],
  };
  for (const key of need[route] ?? []) {
    if (!(key in raw)) throw new PageDataError(`${route} page without ${key}`);
  }
  return raw as unknown as PageData;
}
