import { describe, expect, it } from 'vitest';
import { attributionRows, ORDER_STATUSES, orderStatusLabel } from './orders';

describe('orders', () => {
  it.each([
    ['pending', 'Zahlung ausstehend'],
    ['processing', 'In Bearbeitung'],
    ['on-hold', 'In Wartestellung'],
    ['completed', 'Fertiggestellt'],
    ['cancelled', 'Storniert'],
    ['refunded', 'Rückerstattet'],
    ['failed', 'Fehlgeschlagen'],
    ['unbekannt', 'unbekannt'],
  ])('%s is „%s“', (status, label) => {
    expect(orderStatusLabel(status)).toBe(label);
  });

  it('labels every status it offers', () => {
    for (const s of ORDER_STATUSES) expect(orderStatusLabel(s)).not.toBe(s);
  });

  it('lists attribution in WooCommerce order with German labels', () => {
    const rows = attributionRows([
      { key: '_wc_order_attribution_utm_source', value: 'newsletter' },
      { key: '_wc_order_attribution_source_type', value: 'utm' },
      { key: '_wc_order_attribution_device_type', value: 'Mobile' },
      { key: '_yoast_wpseo_title', value: 'x' },
      { key: '_wc_order_attribution_unknown', value: 'y' },
    ]);
    expect(rows).toEqual([
      ['Quelltyp', 'utm'],
      ['Quelle', 'newsletter'],
      ['Gerätetyp', 'Mobile'],
    ]);
  });
});
