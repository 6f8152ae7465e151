import { createContext, useContext } from 'react';
import type { StaffApi } from '../../../lib/staff/staffApi';

/** The admin's REST client, provided by `AdminScreens` (its own module: every screen reads it, and the screens are what `AdminScreens` composes). */
export const ApiContext = createContext<StaffApi | null>(null);

/** The typed REST client of the admin screens (cookie + nonce, refreshed when it expires). */
export function useApi(): StaffApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside the admin');
  return api;
}
