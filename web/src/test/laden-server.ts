/**
 * Starts a real Laden server (the debug binary built by `make test`) on a free
 * loopback port with an empty shop, an administrator and test hooks on, for
 * tests that speak to it over HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';

export const ADMIN = { login: 'admin', email: 'admin@example.de', password: 'Röstkaffee-4711' };

export interface LadenServer {
  base: string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => ok(port));
    });
  });
}

export async function startLaden(): Promise<LadenServer> {
  const root = resolve(import.meta.dirname, '../../..');
  const bin = process.env['LADEN_E2E_BIN'] ? resolve(process.env['LADEN_E2E_BIN']) : join(root, 'target/debug/laden');
  if (!existsSync(bin)) throw new Error(`Laden binary ${bin} is missing: run \`make test\` (it builds it first).`);
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'laden-vitest-'));
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(bin, ['serve'], {
    env: {
      ...process.env,
      LADEN_ADDR: `127.0.0.1:${port}`,
      LADEN_SITE_URL: base,
      LADEN_DATA_DIR: data,
      LADEN_NO_DEMO: '1',
      LADEN_WEB_DIR: join(root, 'web/dist'),
      LADEN_ADMIN_EMAIL: ADMIN.email,
      LADEN_ADMIN_PASSWORD: ADMIN.password,
      LADEN_TEST_HOOKS: '1',
      LADEN_LOG: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`Laden exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('Laden did not start within 30 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** Logs in through `/wp-login.php`; returns the session cookie (`name=value`). */
export async function login(base: string, log = ADMIN.login, pwd = ADMIN.password): Promise<string> {
  const res = await fetch(`${base}/wp-login.php`, {
    method: 'POST',
    body: new URLSearchParams({ log, pwd }),
    redirect: 'manual',
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (res.status !== 302 || !cookie) throw new Error(`login failed with ${res.status}`);
  return cookie;
}

/** A fetch that sends the session cookie, as a browser with credentials would. */
export function cookieFetch(cookie: string, inner: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', cookie);
    return inner(input, { ...init, headers });
  };
}

/** A fresh `wp_rest` nonce for the session. */
export async function restNonce(base: string, cookie: string): Promise<string> {
  const res = await fetch(`${base}/wp-admin/admin-ajax.php?action=rest-nonce`, { headers: { cookie } });
  if (!res.ok) throw new Error(`rest-nonce answered ${res.status}`);
  return (await res.text()).trim();
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A media upload's form: one such PNG (400×300) as `file`, named `name`. */
export function pngUpload(name: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([pngImage(400, 300)], { type: 'image/png' }), name);
  return form;
}

/** A real PNG of `w`×`h` pixels (a gradient), big enough to get sub-sizes. */
export function pngImage(w = 400, h = 300): Uint8Array<ArrayBuffer> {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    const row = y * (w * 3 + 1);
    for (let x = 0; x < w; x++) {
      raw[row + 1 + x * 3] = (x * 255) / w;
      raw[row + 2 + x * 3] = (y * 255) / h;
      raw[row + 3 + x * 3] = 128;
    }
  }
  const chunk = (type: string, data: Uint8Array): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
  return new Uint8Array(png);
}
