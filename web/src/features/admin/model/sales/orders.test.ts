import { describe, expect, it } from 'vitest';
import {
  attributionRows,
  feeGrossCents,
  lineGrossCents,
  mailKindLabel,
  mailStatusLabel,
  ORDER_STATUSES,
  orderStatusLabel,
  shippingGrossCents,
} from './orders';

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

describe('order e-mails', () => {
  it.each([
    ['order_confirmation', 'Bestellbestätigung'],
    ['shipping_notice', 'Versandbestätigung'],
    ['withdrawal_receipt', 'Widerrufsbestätigung'],
    ['withdrawal_notice', 'Widerruf (an den Shop)'],
    ['something_else', 'something_else'],
  ])('kind %s → %s', (kind, label) => {
    expect(mailKindLabel(kind)).toBe(label);
  });
  it.each([
    ['sent', 1, 'Gesendet'],
    ['pending', 0, 'Wartet'],
    ['pending', 2, 'Wartet auf Versuch 3'],
    ['failed', 8, 'Fehlgeschlagen nach 8 Versuchen'],
  ])('status %s after %d attempts → %s', (status, attempts, label) => {
    expect(mailStatusLabel(status, attempts)).toBe(label);
  });

  it.each([
    ['10.00', '1.90', 1190],
    ['8.40', '0.70', 910],
    ['0.00', '0.00', 0],
  ])('a line of %s net and %s VAT shows %i cents', (subtotal, subtotal_tax, gross) => {
    expect(lineGrossCents({ subtotal, subtotal_tax })).toBe(gross);
  });

  it.each([
    ['1.26', '0.24', 150],
    ['0.14', '0.01', 15],
  ])('a deposit of %s net and %s VAT shows %i cents', (total, total_tax, gross) => {
    expect(feeGrossCents({ total, total_tax })).toBe(gross);
  });

  it.each([
    ['4.12', '0.78', 490],
    ['0.00', '0.00', 0],
  ])('shipping of %s net and %s VAT shows %i cents', (shipping_total, shipping_tax, gross) => {
    expect(shippingGrossCents({ shipping_total, shipping_tax })).toBe(gross);
  });
});
