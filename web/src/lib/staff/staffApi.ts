/**
 * The staff screens' one REST client, typed: every call the admin and the page editor make, with
 * its answer's type generated from the server's Rust types (`generated/wire.ts`). A screen never
 * names a path or casts an answer; when the server changes a shape, the screens stop compiling.
 */
import type {
  Dashboard,
  ImportJobOut,
  InvoiceOut,
  MenuOut,
  PaymentProvidersOut,
  PagePreview,
  WcCategory,
  WcCoupon,
  WcCustomer,
  WcNote,
  WcOrder,
  WcProduct,
  WcRefund,
  WcReview,
  WcTerm,
  WcVariation,
  WpMedia,
  WpPage,
  WpRevision,
  WpSettings,
} from '../../generated/wire';
import type { RestClient } from '../rest/client';
import type { UploadProgress } from '../rest/xhr';

/** A batch entry that failed: its id and the error a single request would have answered. */
export interface BatchError {
  id: number;
  /** `data.params`: what is wrong with each refused field, in German (`rest_invalid_param`). */
  error: { code: string; message: string; data?: { status: number; params?: Record<string, string> } };
}

/** `…/batch`: each entry the object, or the error it met. */
export interface BatchResult<T> {
  create: Array<T | BatchError>;
  update: Array<T | BatchError>;
  delete: Array<T | BatchError>;
}

/** What a batch asks: new objects, changes (each with its `id`), ids to delete for good. */
export interface BatchRequest<In> {
  create?: In[];
  update?: In[];
  delete?: number[];
}

/** What a batch's failed entries say: what is wrong with each refused field, else the error's message. */
export function batchErrors<T>(entries: Array<T | BatchError>): string[] {
  return entries.flatMap((e) => {
    if (!(e && typeof e === 'object' && 'error' in e)) return [];
    const { message, data } = (e as BatchError).error;
    const fields = Object.values(data?.params ?? {});
    return fields.length > 0 ? fields : [message];
  });
}

/** A refund staff record (`wc/v3/orders/{id}/refunds`' body): paid back by the payment provider
 * (`api_refund`, a Stripe payment) or by staff themselves. */
export interface RefundRequest {
  api_refund: boolean;
  api_restock: boolean;
  reason: string;
  amount?: string;
  line_items: Array<{ id: number; quantity: number }>;
}

type Query = string | URLSearchParams;
const withQuery = (path: string, query?: Query): string => {
  const q = query?.toString() ?? '';
  return q ? `${path}?${q}` : path;
};

/** `href` with the REST nonce as `_wpnonce` (downloads are links, which send no headers). */
export function nonceHref(href: string, nonce: string | undefined): string {
  if (!nonce) return href;
  return `${href}${href.includes('?') ? '&' : '?'}_wpnonce=${encodeURIComponent(nonce)}`;
}

/** The typed staff client over a REST client (cookie and nonce, see `staff.ts`). */
export function staffApi(rest: RestClient) {
  const get = <T>(path: string) => rest<T>({ path });
  const send = <T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown) => rest<T>({ method, path, data });

  /** A `wc/v3` resource: listed by page, read, created, changed, deleted, batched. */
  function resource<T, In>(base: string) {
    return {
      page: (query?: Query) => rest.page<T>({ path: withQuery(base, query) }),
      all: (query?: Query) => get<T[]>(withQuery(base, query ?? 'per_page=-1')),
      get: (id: number) => get<T>(`${base}/${id}`),
      create: (data: In) => send<T>('POST', base, data),
      update: (id: number, data: In) => send<T>('PUT', `${base}/${id}`, data),
      /** To the trash, or for good with `force`. */
      remove: (id: number, force = false) => send<T>('DELETE', `${base}/${id}${force ? '?force=true' : ''}`),
      batch: (data: BatchRequest<In>) => send<BatchResult<T>>('POST', `${base}/batch`, data),
    };
  }

  return {
    nonce: rest.nonce,
    products: {
      ...resource<WcProduct, Record<string, unknown>>('/wc/v3/products'),
      variations: (product: number) => get<WcVariation[]>(`/wc/v3/products/${product}/variations?per_page=-1`),
      batchVariations: (product: number, data: BatchRequest<unknown>) =>
        send<BatchResult<WcVariation>>('POST', `/wc/v3/products/${product}/variations/batch`, data),
    },
    categories: resource<WcCategory, { id?: number; name?: string; parent?: number; menu_order?: number }>('/wc/v3/products/categories'),
    reviews: resource<WcReview, { status?: string }>('/wc/v3/products/reviews'),
    shippingClasses: resource<WcTerm, { name?: string; description?: string }>('/wc/v3/products/shipping_classes'),
    coupons: resource<WcCoupon, Record<string, unknown>>('/wc/v3/coupons'),
    customers: resource<WcCustomer, Record<string, unknown>>('/wc/v3/customers'),
    orders: {
      page: (query?: Query) => rest.page<WcOrder>({ path: withQuery('/wc/v3/orders', query) }),
      list: (query?: Query) => get<WcOrder[]>(withQuery('/wc/v3/orders', query)),
      get: (id: number) => get<WcOrder>(`/wc/v3/orders/${id}`),
      update: (id: number, data: { status?: string; customer_note?: string }) => send<WcOrder>('PUT', `/wc/v3/orders/${id}`, data),
      notes: (id: number) => get<WcNote[]>(`/wc/v3/orders/${id}/notes`),
      addNote: (id: number, note: string, customerNote: boolean) =>
        send<WcNote>('POST', `/wc/v3/orders/${id}/notes`, { note, customer_note: customerNote }),
      /** Records a refund: paid back through the provider (`api_refund`) or by staff themselves. */
      refund: (id: number, request: RefundRequest) => send<WcRefund>('POST', `/wc/v3/orders/${id}/refunds`, request),
    },
    media: {
      page: (query?: Query) => rest.page<WpMedia>({ path: withQuery('/wp/v2/media', query) }),
      list: (query?: Query) => get<WpMedia[]>(withQuery('/wp/v2/media', query)),
      update: (id: number, data: { alt_text?: string; title?: string; caption?: string }) =>
        send<WpMedia>('POST', `/wp/v2/media/${id}`, data),
      remove: (id: number) => send<{ deleted: boolean; previous: WpMedia }>('DELETE', `/wp/v2/media/${id}?force=true`),
      upload: (form: FormData, onUploadProgress?: UploadProgress) =>
        rest<WpMedia>({ path: '/wp/v2/media', method: 'POST', body: form, onUploadProgress }),
    },
    pages: {
      list: (query?: Query) => get<WpPage[]>(withQuery('/wp/v2/pages', query)),
      get: (id: number) => get<WpPage>(`/wp/v2/pages/${id}?context=edit`),
      create: (data: Record<string, unknown>) => send<WpPage>('POST', '/wp/v2/pages', data),
      update: (id: number, data: Record<string, unknown>) => send<WpPage>('PATCH', `/wp/v2/pages/${id}`, data),
      revisions: (id: number) => get<WpRevision[]>(`/wp/v2/pages/${id}/revisions?context=edit&per_page=20`),
      preview: (layout: unknown) => send<PagePreview>('POST', '/laden/v1/page-preview', { laden_layout: layout }),
    },
    settings: {
      get: () => get<WpSettings>('/wp/v2/settings'),
      update: (data: Record<string, unknown>) => send<WpSettings>('POST', '/wp/v2/settings', data),
    },
    menus: {
      list: () => get<MenuOut[]>('/laden/v1/menus'),
      update: (location: string, items: unknown) => send<unknown>('PUT', `/laden/v1/menus/${location}`, { items }),
    },
    invoices: {
      /** The invoices issued in a month (`2026-11`, German time). */
      month: (month: string) => get<InvoiceOut[]>(`/laden/v1/invoices?month=${encodeURIComponent(month)}`),
      /** Issues the order's invoice now (when it has none in force); the order's invoices. */
      issue: (order: number) => send<InvoiceOut[]>('POST', `/laden/v1/orders/${order}/invoice`),
      /** A link the browser follows with the login cookie: the nonce goes in the query. */
      pdfHref: (invoice: InvoiceOut) => nonceHref(invoice.pdf, rest.nonce()),
      exportHref: (month: string, kind: 'csv' | 'zip') =>
        nonceHref(`/wp-json/laden/v1/invoices/export.${kind}?month=${encodeURIComponent(month)}`, rest.nonce()),
      /** The Zusammenfassende Meldung of a month (`2026-11`) or quarter (`2026-Q4`) as the BZSt imports it. */
      zmHref: (period: string) => nonceHref(`/wp-json/laden/v1/invoices/zm.csv?period=${encodeURIComponent(period)}`, rest.nonce()),
      /** The One-Stop-Shop return of a quarter (`2026-Q4`): per member state and rate, net and VAT. */
      ossHref: (period: string) => nonceHref(`/wp-json/laden/v1/invoices/oss.csv?period=${encodeURIComponent(period)}`, rest.nonce()),
    },
    dashboard: () => get<Dashboard>('/laden/v1/dashboard'),
    /** How each payment provider is set up on the server (administrators). */
    payments: () => get<PaymentProvidersOut>('/laden/v1/payments'),
    importJob: (id: string) => get<ImportJobOut>(`/laden/v1/product-import/${id}`),
  };
}

export type StaffApi = ReturnType<typeof staffApi>;
