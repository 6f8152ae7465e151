/** The wc/v3 shapes the admin screens read (the fields they use). */
import type { AddressForm } from '../../../lib/address/validate';

export interface WcImage {
  id: number;
  src: string;
  name: string;
  alt: string;
}

export interface WcProduct {
  id: number;
  name: string;
  slug: string;
  permalink: string;
  type: 'simple' | 'variable';
  status: string;
  featured: boolean;
  description: string;
  short_description: string;
  sku: string;
  price: string;
  regular_price: string;
  sale_price: string;
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: string;
  categories: Array<{ id: number; name: string }>;
  images: WcImage[];
  attributes: Array<{ name: string; options: string[]; visible: boolean; variation: boolean }>;
  variations: number[];
  meta_data: Array<{ key: string; value: unknown }>;
}

export interface WcVariation {
  id: number;
  sku: string;
  regular_price: string;
  sale_price: string;
  manage_stock: boolean;
  stock_quantity: number | null;
  image: WcImage | null;
  attributes: Array<{ name: string; option: string }>;
  meta_data: Array<{ key: string; value: unknown }>;
}

export interface WcCategory {
  id: number;
  name: string;
  parent: number;
}

/** WooCommerce's billing and shipping address: the same fields as the address forms. */
export type WcAddress = AddressForm;

export interface WcOrder {
  id: number;
  status: string;
  status_label: string;
  date_created: string;
  total: string;
  total_tax: string;
  shipping_total: string;
  payment_method_title: string;
  customer_note: string;
  billing: WcAddress;
  shipping: WcAddress;
  line_items: Array<{
    id: number;
    name: string;
    sku: string;
    quantity: number;
    price: string;
    total: string;
    product_id: number;
    /** Grundpreis and Lieferzeit as sold. */
    laden_unit_price?: { price: number; base: string } | null;
    laden_delivery_time?: string;
  }>;
  meta_data: Array<{ key: string; value: string }>;
  origin: string;
  /** Checkboxes accepted at checkout, with the legal pages' versions. */
  laden_legal?: Array<{ id: string; text: string; pages: Array<{ slug: string; title: string; revision: number | null }> }>;
  /** The withdrawal (§356a BGB), when the customer declared it. */
  laden_withdrawal?: { date: string; statement?: string } | null;
  /** The order's e-mails and their delivery. */
  laden_mails?: WcMail[];
}

export interface WcMail {
  id: number;
  kind: string;
  recipient: string;
  status: string;
  attempts: number;
  last_error: string;
  date_created: string;
  date_sent: string | null;
}

export interface WcNote {
  id: number;
  author: string;
  date_created: string;
  note: string;
  customer_note: boolean;
}

export interface Media {
  id: number;
  source_url: string;
  alt_text: string;
  media_details?: { sizes?: Record<string, { source_url: string }> };
}

/** "12.90" → cents, for formatting. */
export const cents = (decimal: string): number => Math.round(Number.parseFloat(decimal || '0') * 100);
