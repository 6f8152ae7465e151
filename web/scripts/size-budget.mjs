// The first-load size guard: what a visitor's browser fetches before a page is interactive
// (the entry script, the page's route chunk from src/app/views, their static imports and their
// CSS; gzip -9), for every route, checked against the budgets in budgets.json. Code loaded on
// demand (lightbox, quick view, editor, admin screens …) is not counted.
// Exits 1 when a budget is exceeded. Run after `vite build`: node scripts/size-budget.mjs
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist/client');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const budgets = JSON.parse(readFileSync(join(web, 'budgets.json'), 'utf8'));

const sizes = new Map();
const gz = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
};
const kb = (bytes) => (bytes / 1024).toFixed(1);
const closure = (key, out = new Set()) => {
  if (out.has(key)) return out;
  out.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, out);
  return out;
};

const [entryKey] = Object.entries(manifest).find(([, c]) => c.isEntry) ?? [];
if (!entryKey) throw new Error('no entry chunk in the manifest');
const routes = Object.keys(manifest)
  .map((k) => /^src\/app\/views\/(\w+)\.tsx$/.exec(k))
  .filter((m) => m !== null)
  .map((m) => [m[1], m[0]]);
if (routes.length === 0) throw new Error('no route chunks (src/app/views/<route>.tsx) in the manifest');

const jsBudget = (route) => budgets.firstLoadJsGzipKB[route] ?? budgets.firstLoadJsGzipKB.default;

let failed = false;
console.log('route        JS gzip (budget)   CSS gzip');
for (const [route, key] of routes) {
  const chunks = closure(key, closure(entryKey));
  let js = 0;
  const css = new Set();
  for (const k of chunks) {
    js += gz(manifest[k].file);
    for (const c of manifest[k].css ?? []) css.add(c);
  }
  const cssBytes = [...css].reduce((sum, c) => sum + gz(c), 0);
  const over = js > jsBudget(route) * 1024 || cssBytes > budgets.firstLoadCssGzipKB * 1024;
  failed ||= over;
  console.log(
    `${over ? '!' : ' '} ${route.padEnd(11)} ${kb(js).padStart(6)} KB (${String(jsBudget(route)).padStart(3)})  ${kb(cssBytes).padStart(6)} KB`,
  );
}
console.log(`budgets (gzip): first-load JavaScript per route as shown, CSS ${budgets.firstLoadCssGzipKB} KB on every route`);
if (failed) {
  console.error('first-load budget exceeded (see web/budgets.json)');
  process.exit(1);
}
