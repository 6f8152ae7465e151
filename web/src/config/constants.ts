/**
 * Every number of the storefront spec that the front end uses, once, with its section.
 * (Header, scrolling and gallery numbers join as their features land.)
 */

/** Spec §9 "Viewport bands": mobile is width ≤ 575.98 px, tablet ≤ 767.98 px, desktop above. */
export const MOBILE_MAX_WIDTH = 575.98;
export const TABLET_MAX_WIDTH = 767.98;

/** Spec §9 "REST": page size when fetching all (`per_page=-1`). */
export const REST_FETCH_ALL_PAGE_SIZE = 100;

/** Spec §9 "REST": media post-process retries. */
export const MEDIA_POST_PROCESS_RETRIES = 5;

/** Spec §9 "Timing": script loading timeout. */
export const SCRIPT_LOADING_TIMEOUT_MS = 120_000;
