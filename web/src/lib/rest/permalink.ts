/** A permalink the Store API answers (absolute) as a path on this site, for the shop's own links. */
export const sitePath = (url: string): string => url.replace(/^https?:\/\/[^/]+/, '');
