import { createRestClient, type RestClient } from './client';

/** Where a logged-in user's REST nonce comes from (`0` or empty for visitors). */
export const NONCE_ENDPOINT = '/wp-admin/admin-ajax.php?action=rest-nonce';

/** The REST client of staff screens: cookie and nonce, the nonce refreshed when it expires. */
export function staffClient(nonce: string): RestClient {
  return createRestClient({ root: '/wp-json/', nonce, nonceEndpoint: NONCE_ENDPOINT });
}

/** The staff client for whoever is logged in, after asking for a nonce; `null` for visitors. */
export async function loggedInClient(): Promise<RestClient | null> {
  const res = await fetch(NONCE_ENDPOINT, { credentials: 'include' });
  const nonce = (await res.text()).trim();
  if (!res.ok || nonce === '0' || nonce === '') return null;
  return staffClient(nonce);
}
