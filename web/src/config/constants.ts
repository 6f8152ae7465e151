/**
 * Every number of the storefront spec that the front end uses, once, with its section.
 */

/** Spec §9 "Viewport bands": mobile is width ≤ 575.98 px, tablet ≤ 767.98 px, desktop above. */
export const MOBILE_MAX_WIDTH = 575.98;
export const TABLET_MAX_WIDTH = 767.98;
/**
 * What the product gallery's images take of the viewport: all of it up to the tablet band, half
 * above. The server preloads the first image with the same `sizes` (`GALLERY_SIZES` in
 * laden-http's documents.rs), so the preloaded file is the one the image then shows.
 */
export const GALLERY_IMAGE_SIZES = `(max-width: ${Math.floor(TABLET_MAX_WIDTH)}px) 100vw, 50vw`;
/**
 * The page editor's preview widths, one inside each band of §9 (mobile ≤ 575.98,
 * tablet ≤ 767.98, desktop above): the widths the preview frame is drawn at.
 */
export const EDITOR_PREVIEW_WIDTHS = { desktop: 1280, tablet: 700, mobile: 375 } as const;

/**
 * Spec §9 "Viewport bands", second reading — the header overlap check:
 * desktop > 768, tablet 576–767.98, mobile < 575.98 (the gaps between belong to no band).
 */
export const OVERLAP_DESKTOP_ABOVE = 768;
export const OVERLAP_TABLET_MIN = 576;
export const OVERLAP_TABLET_MAX = 767.98;
export const OVERLAP_MOBILE_BELOW = 575.98;

/** Spec §9 "Timing": resize event throttle, in-page active-item tracking throttle, smooth-scroll animation. */
export const RESIZE_THROTTLE_MS = 150;
export const ACTIVE_ITEM_THROTTLE_MS = 200;
export const SMOOTH_SCROLL_MS = 500;

/** Spec §3 "Scroll-watch settings" / §9 "Offsets and sizes": default scroll-watch offset. */
export const SCROLL_WATCH_OFFSET_PX = 1000;

/** Spec §9 "Offsets and sizes": active-section detection tolerance. */
export const ACTIVE_SECTION_TOLERANCE_PX = 10;

/** Spec §9 "Offsets and sizes": scroll-direction speed threshold (px between two throttled scroll events). */
export const SCROLL_DIRECTION_THRESHOLD = 50;

/** Spec §3 "Header settings": position default. */
export const HEADER_DEFAULT_POSITION = 'top';

/** Spec §9 "REST": page size when fetching all (`per_page=-1`). */
export const REST_FETCH_ALL_PAGE_SIZE = 100;

/** Spec §9 "REST": media post-process retries. */
export const MEDIA_POST_PROCESS_RETRIES = 5;

/** Spec §9 "Timing": script loading timeout. */
export const SCRIPT_LOADING_TIMEOUT_MS = 120_000;

/** Spec §9 "Timing": quantity spinner hold delay and repeat interval. */
export const SPINNER_HOLD_DELAY_MS = 500;
export const SPINNER_REPEAT_INTERVAL_MS = 100;

/** Spec §9 "Quantity spinner": repeats before the step is boosted, and the boost factor. */
export const SPINNER_BOOST_AFTER_REPEATS = 10;
export const SPINNER_BOOST_FACTOR = 1.1;

/** Spec §9 "Quantity spinner": the quick-view quantity minimum. */
export const QUICK_VIEW_MIN_QUANTITY = 1;

/** Spec §5 "Quantity spinner": locales that keep dots and write decimals with a dot. */
export const DOT_DECIMAL_LOCALES = ['en-US', 'en-GB', 'th-TH'] as const;

/** Spec §9 "Offsets and sizes": review scroll offset added to the header height. */
export const REVIEW_SCROLL_EXTRA_PX = 50;

/** Spec §9 "Timing": review-tab scroll animation and variation media swap delay. */
export const REVIEW_SCROLL_MS = 500;
export const VARIATION_MEDIA_SWAP_MS = 50;

/** Spec §9 "Galleries and carousels": thumbnails visible (5 when vertical), scrolled 1 at a time, no loop. */
export const GALLERY_THUMBS_VISIBLE = 7;
export const GALLERY_THUMBS_VISIBLE_VERTICAL = 5;
export const GALLERY_THUMBS_SCROLL = 1;

/** Spec §9 "Timing": lightbox open/close speed. */
export const LIGHTBOX_SPEED_MS = 250;

/** Spec §9 "Timing": scroll event throttle. */
export const SCROLL_THROTTLE_MS = 100;

/** Spec §9 "Offsets and sizes": sticky summary top. */
export const STICKY_SUMMARY_TOP_PX = 50;

/** Spec §9 "Order attribution": cookie lifetime in months (× 30 days, in minutes), session length in minutes. */
export const ATTRIBUTION_LIFETIME_MONTHS = 6;
export const ATTRIBUTION_DAYS_PER_MONTH = 30;
export const ATTRIBUTION_SESSION_MINUTES = 30;

/** Spec §9 "Order attribution": the promo code range, zero-padded to the maximum's length. */
export const ATTRIBUTION_PROMO_MIN = 100000;
export const ATTRIBUTION_PROMO_MAX = 999999;

/** How often the admin asks for a running CSV import's progress. */
export const IMPORT_POLL_MS = 300;

/** Spec §9 "Page-builder carousel defaults": slides shown on desktop (tablet 2, or 1 when this is 1; mobile 1), scrolled per step. */
export const CAROUSEL_SLIDES_TO_SHOW = 3;
export const CAROUSEL_SLIDES_TABLET = 2;
export const CAROUSEL_SLIDES_MOBILE = 1;
export const CAROUSEL_SLIDES_TO_SCROLL = 1;
/** A carousel starts only with at least this many slides. */
export const CAROUSEL_MIN_SLIDES = 2;
/** Autoplay interval when a carousel autoplays without its own speed (ms). */
export const CAROUSEL_AUTOPLAY_MS = 5000;

/**
 * German-market limits the server enforces (laden-store `MAX_ORDER_BUTTON_TEXT`,
 * `MAX_WITHDRAWAL_STATEMENT`): the order button's text and a withdrawal's statement, in characters.
 */
export const ORDER_BUTTON_TEXT_MAX = 60;
export const WITHDRAWAL_STATEMENT_MAX = 2000;
/** A further shipping method's title, in characters (`laden_domain::shipping::MAX_TITLE_CHARS`). */
export const SHIPPING_METHOD_TITLE_MAX = 100;
/** A product's or variation's own delivery time, in characters (the server's limit). */
export const DELIVERY_TIME_MAX = 100;
/** The longest defect description, in characters (`laden_domain::special_goods::MAX_DEFECT_CHARS`). */
export const DEFECT_DESCRIPTION_MAX = 1000;
/** A product's warnings and safety information, in characters (`laden_domain::product_safety::MAX_SAFETY_CHARS`). */
export const SAFETY_INFORMATION_MAX = 2000;
/** A manufacturer's name, and its address or responsible person, in characters (`product_safety::MAX_NAME_CHARS`, `MAX_ADDRESS_CHARS`). */
export const MANUFACTURER_NAME_MAX = 100;
export const MANUFACTURER_ADDRESS_MAX = 500;
/** A product's SEO title and description, in characters (what the editor lets one type). */
export const SEO_TITLE_MAX = 120;
export const SEO_DESCRIPTION_MAX = 320;
/** The order note at checkout, in characters (the server's limit). */
export const ORDER_NOTE_MAX = 2000;

/** The editor waits this long after the last change before asking for a product widget's products. */
export const EDITOR_PRODUCT_FETCH_DELAY_MS = 300;

/** The longest search the shop takes (the server cuts there too: documents/listings.rs). */
export const SEARCH_MAX_CHARS = 100;

/** Up to this width the listing's filters stand below the products, and the toolbar's "Filter" opens them in a drawer (styles/narrow.css, same figure). */
export const FILTER_DRAWER_MAX_WIDTH = 767.98;

/** At most this many cross-sells under the cart (WooCommerce's cart shows one row of them). */
export const CROSS_SELLS_MAX = 4;

/**
 * The header search's suggestions: asked for once the field holds this many characters, this
 * long after the last keystroke, and at most this many shown (WooCommerce's product search
 * block asks alike).
 */
export const SEARCH_SUGGEST_MIN_CHARS = 2;
export const SEARCH_SUGGEST_DELAY_MS = 250;
export const SEARCH_SUGGEST_MAX = 6;
/** The suggestions' code is fetched this long after hydration (or at once on focus or hover). */
export const SEARCH_SUGGEST_PREFETCH_MS = 1500;

/**
 * Screen-reader announcements (lib/announce.ts): every document carries two empty live regions
 * with these ids from the server on (laden-http's `documents::ANNOUNCER`, outside the app's root);
 * a text written into them is cleared first and set this long after, so the same sentence twice
 * is spoken twice.
 */
export const ANNOUNCE_POLITE_ID = 'announce-polite';
export const ANNOUNCE_ASSERTIVE_ID = 'announce-assertive';
export const ANNOUNCE_DELAY_MS = 100;
