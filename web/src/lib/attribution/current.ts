/**
 * The visitor's order-attribution values, shared between the tracker (which
 * sets them) and the checkout (which sends them). Features never import each
 * other; both use this small store.
 */
import { useSyncExternalStore } from 'react';

/** WooCommerce's sixteen fields, in its order (spec §3 "Order attribution"). */
export const ATTRIBUTION_FIELDS = [
  'source_type',
  'referrer',
  'utm_campaign',
  'utm_source',
  'utm_medium',
  'utm_content',
  'utm_id',
  'utm_term',
  'utm_source_platform',
  'utm_creative_format',
  'utm_marketing_tactic',
  'session_entry',
  'session_start_time',
  'session_pages',
  'session_count',
  'user_agent',
] as const;

export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];
export type AttributionValues = Record<AttributionField, string | null>;

export const emptyAttribution = (): AttributionValues => Object.fromEntries(ATTRIBUTION_FIELDS.map((f) => [f, null])) as AttributionValues;

let current: AttributionValues = emptyAttribution();
const listeners = new Set<() => void>();

export function setAttribution(values: AttributionValues): void {
  current = values;
  for (const l of listeners) l();
}

export function currentAttribution(): AttributionValues {
  return current;
}

export function useAttribution(): AttributionValues {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => current,
  );
}
