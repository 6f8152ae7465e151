import { ATTRIBUTION_FIELDS, useAttribution, type AttributionField, type AttributionValues } from '../../../lib/attribution/current';

/**
 * The order-attribution hidden inputs (spec §2 "Checkout", §3): one per
 * field, named prefix + field. React sets each value as a property, never as
 * markup (WooCommerce's GHSA-cv23-q6gh-xfrf came from building them as HTML).
 */
export function AttributionInputs({ prefix, inputs }: { prefix: string; inputs: React.RefObject<HTMLDivElement | null> }) {
  const values = useAttribution();
  return (
    <div ref={inputs} className="order-attribution-inputs" data-order-attribution-inputs="" hidden>
      {ATTRIBUTION_FIELDS.map((f) => (
        <input key={f} type="hidden" name={`${prefix}${f}`} value={values[f] ?? ''} readOnly />
      ))}
    </div>
  );
}

/**
 * The values to send, read back from the inputs as the form would submit
 * them; a missing input (the element was tampered with) is warned about by
 * name and sent as null. Empty values are null, as WooCommerce sends them.
 */
export function collectAttribution(container: HTMLElement | null, prefix: string): AttributionValues {
  const out = {} as Record<AttributionField, string | null>;
  for (const f of ATTRIBUTION_FIELDS) {
    const input = container?.querySelector<HTMLInputElement>(`input[name="${CSS.escape(prefix + f)}"]`) ?? null;
    if (!input) console.warn(`Field "${f}" not found. Most likely, the order attribution inputs element was manipulated.`);
    out[f] = input && input.value !== '' ? input.value : null;
  }
  return out;
}
