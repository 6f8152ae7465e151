/**
 * Videos embedded from another site (YouTube, Vimeo) load only when the visitor asks for them:
 * the "two-click" solution German shops use (German legal list 11, consent for external media),
 * since the embed alone sends the visitor's address to that site and lets it set cookies.
 */

/** The site an embed loads from, its name as shown, and where it says what it does with the data. */
export interface EmbedProvider {
  name: string;
  privacy?: string;
}

const KNOWN: ReadonlyArray<readonly [RegExp, EmbedProvider]> = [
  [/^https:\/\/(www\.)?youtube(-nocookie)?\.com\//, { name: 'YouTube', privacy: 'https://policies.google.com/privacy' }],
  [/^https:\/\/player\.vimeo\.com\//, { name: 'Vimeo', privacy: 'https://vimeo.com/privacy' }],
];

/**
 * The provider an iframe's address loads from: null for an address on this site (nothing leaves
 * it, so nothing to ask); any other site is a provider by its host name.
 */
export function embedProvider(src: string): EmbedProvider | null {
  const s = src.trim();
  if (s.startsWith('/') && !s.startsWith('//')) return null;
  return KNOWN.find(([pattern]) => pattern.test(s))?.[1] ?? { name: /^[^/]*\/\/([^/?#]+)/.exec(s)?.[1] ?? s };
}
