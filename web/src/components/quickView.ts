import { createContext, useContext } from 'react';

/**
 * Opens the quick view of a product; `null` where there is no quick view. Provided by the
 * product feature's quick-view host (composed by app/), asked for by product cards.
 */
export const QuickViewContext = createContext<((id: number) => void) | null>(null);

export const useQuickView = () => useContext(QuickViewContext);
