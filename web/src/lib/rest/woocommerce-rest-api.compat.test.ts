/**
 * Compatibility: the official `@woocommerce/woocommerce-rest-api` client,
 * unchanged, against a running Laden behind a TLS reverse proxy (as a shop
 * runs in production), signing in with a WordPress application password
 * over HTTP Basic — what ERP and marketplace connectors do.
 */
import WooCommerceRestApi from '@woocommerce/woocommerce-rest-api';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, restNonce, startLaden, type LadenServer } from '../../test/laden-server';

let laden: LadenServer;
let proxy: Server;
let api: WooCommerceRestApi;
let certDir: string;

/** An https front for `target` (a self-signed certificate made with openssl), forwarding as nginx would. */
async function tlsProxy(target: URL): Promise<{ server: Server; base: string }> {
  certDir = mkdtempSync(join(tmpdir(), 'laden-tls-'));
  const key = join(certDir, 'key.pem');
  const cert = join(certDir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host, 'x-forwarded-proto': 'https' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, base: `https://127.0.0.1:${port}` };
}

beforeAll(async () => {
  laden = await startLaden();
  // The administrator makes an application password for the tool (shown once).
  const cookie = await login(laden.base);
  const nonce = await restNonce(laden.base, cookie);
  const res = await fetch(`${laden.base}/wp-json/wp/v2/users/me/application-passwords`, {
    method: 'POST',
    headers: { cookie, 'x-wp-nonce': nonce, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Warenwirtschaft' }),
  });
  expect(res.status).toBe(201);
  const { password } = (await res.json()) as { password: string };
  const front = await tlsProxy(new URL(laden.base));
  proxy = front.server;
  api = new WooCommerceRestApi({
    url: front.base,
    consumerKey: ADMIN.login,
    consumerSecret: password,
    version: 'wc/v3',
    // The proxy's certificate is self-signed.
    axiosConfig: { httpsAgent: new Agent({ rejectUnauthorized: false }) },
  });
}, 60_000);

afterAll(async () => {
  await new Promise((ok) => (proxy ? proxy.close(ok) : ok(undefined)));
  await laden?.stop();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

interface Product {
  id: number;
  name: string;
  type: string;
  price: string;
  variations: number[];
  stock_quantity: number | null;
}

/** A guest buys `quantity` of a product through the Store API; returns the order id. */
async function guestOrder(productId: number, quantity: number): Promise<number> {
  const cart = await fetch(`${laden.base}/wp-json/wc/store/v1/cart`);
  const token = cart.headers.get('cart-token') ?? '';
  const post = (path: string, body: unknown) =>
    fetch(`${laden.base}/wp-json/wc/store/v1${path}`, {
      method: 'POST',
      headers: { 'cart-token': token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('/cart/add-item', { id: productId, quantity })).status).toBe(201);
  const billing = {
    first_name: 'Anna',
    last_name: 'Muster',
    address_1: 'Hauptstraße 5',
    postcode: '04109',
    city: 'Leipzig',
    country: 'DE',
    email: 'anna@example.de',
    phone: '+49 341 1234567',
  };
  const placed = await post('/checkout', {
    billing_address: billing,
    payment_method: 'bacs',
    extensions: { laden: { checkboxes: ['terms'] } },
  });
  expect(placed.ok).toBe(true);
  return ((await placed.json()) as { order_id: number }).order_id;
}

describe('@woocommerce/woocommerce-rest-api against Laden', () => {
  let productId = 0;
  let variationIds: number[] = [];

  it('creates a variable product and its variations', async () => {
    const created = await api.post('products', {
      name: 'Espresso Bar',
      type: 'variable',
      description: '<p>Kräftig, mit Crema.</p>',
      attributes: [{ name: 'Größe', options: ['250 g', '1 kg'], variation: true, visible: true }],
    });
    expect(created.status).toBe(201);
    const product = created.data as Product;
    expect(product).toMatchObject({ name: 'Espresso Bar', type: 'variable', variations: [] });
    productId = product.id;

    const batch = await api.post(`products/${productId}/variations/batch`, {
      create: [
        { regular_price: '9.90', sku: 'EB-250', manage_stock: true, stock_quantity: 12, attributes: [{ name: 'Größe', option: '250 g' }] },
        { regular_price: '32.00', sku: 'EB-1000', manage_stock: true, stock_quantity: 4, attributes: [{ name: 'Größe', option: '1 kg' }] },
      ],
    });
    expect(batch.status).toBe(200);
    variationIds = (batch.data as { create: Array<{ id: number }> }).create.map((v) => v.id);
    expect(variationIds.every((id) => id > 0)).toBe(true);

    const again = await api.get(`products/${productId}`);
    expect((again.data as Product).variations).toEqual(variationIds);
    expect((again.data as Product).price).toBe('9.90');
  });

  it('lists products with WooCommerce pagination headers', async () => {
    await api.post('products', { name: 'Filterkaffee', regular_price: '7.50' });
    const page = await api.get('products', { per_page: 1, page: 1 });
    expect(page.status).toBe(200);
    expect(page.headers['x-wp-total']).toBe('2');
    expect(page.headers['x-wp-totalpages']).toBe('2');
    expect((page.data as Product[]).length).toBe(1);
    const found = await api.get('products', { search: 'Espresso' });
    expect((found.data as Product[]).map((p) => p.id)).toEqual([productId]);
    const variations = await api.get(`products/${productId}/variations`);
    expect((variations.data as Product[]).map((v) => v.id).sort()).toEqual([...variationIds].sort());
  });

  it('updates a product and a variation', async () => {
    const renamed = await api.put(`products/${productId}`, { name: 'Espresso Bar Nr. 2' });
    expect((renamed.data as Product).name).toBe('Espresso Bar Nr. 2');
    const restocked = await api.put(`products/${productId}/variations/${variationIds[0]}`, { stock_quantity: 20, sale_price: '8.90' });
    expect(restocked.data).toMatchObject({ stock_quantity: 20, price: '8.90', on_sale: true });
  });

  it('reports errors in WooCommerce shape', async () => {
    const error = await api.get('products/999999').catch((e: { response: { status: number; data: unknown } }) => e.response);
    expect(error.status).toBe(404);
    expect(error.data).toMatchObject({ code: 'woocommerce_rest_product_invalid_id', data: { status: 404 } });
  });

  it('lists orders and updates their status', async () => {
    const orderId = await guestOrder(variationIds[1] ?? 0, 2);
    const list = await api.get('orders', { status: 'on-hold' });
    expect((list.data as Array<{ id: number }>).map((o) => o.id)).toEqual([orderId]);
    const order = (await api.get(`orders/${orderId}`)).data as {
      line_items: Array<{ product_id: number; variation_id: number; quantity: number }>;
    };
    expect(order.line_items[0]).toMatchObject({ product_id: productId, variation_id: variationIds[1], quantity: 2 });
    expect(((await api.get(`products/${productId}/variations/${variationIds[1]}`)).data as Product).stock_quantity).toBe(2);

    const done = await api.put(`orders/${orderId}`, { status: 'processing' });
    expect(done.data).toMatchObject({ id: orderId, status: 'processing' });
    const cancelled = await api.put(`orders/${orderId}`, { status: 'cancelled' });
    expect(cancelled.data).toMatchObject({ status: 'cancelled' });
    expect(((await api.get(`products/${productId}/variations/${variationIds[1]}`)).data as Product).stock_quantity).toBe(4);
    const notes = (await api.get(`orders/${orderId}/notes`)).data as Array<{ note: string }>;
    expect(notes.some((n) => n.note.includes('„Storniert“'))).toBe(true);
  });

  it('deletes a variation and the product for good', async () => {
    const gone = await api.delete(`products/${productId}/variations/${variationIds[0]}`, { force: true });
    expect((gone.data as Product).id).toBe(variationIds[0]);
    const deleted = await api.delete(`products/${productId}`, { force: true });
    expect((deleted.data as Product).id).toBe(productId);
    const error = await api.get(`products/${productId}`).catch((e: { response: { status: number } }) => e.response);
    expect(error.status).toBe(404);
  });
});
