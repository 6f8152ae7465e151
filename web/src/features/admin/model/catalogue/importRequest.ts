/** Where the admin's import sends its CSV: with the id of the old shop's pictures uploaded before, and whether missing ones are downloaded. */
export function importUrl(pictures: string | null, download: boolean): string {
  const query = new URLSearchParams();
  if (pictures) query.set('pictures', pictures);
  if (download) query.set('download', '1');
  const q = query.toString();
  return `/wp-json/laden/v1/product-import${q ? `?${q}` : ''}`;
}

/** Where the ZIP of the old shop's uploads folder goes first. */
export const PICTURES_URL = '/wp-json/laden/v1/product-import/pictures';
