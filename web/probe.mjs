import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking'] });
for (const [w, zoom] of [[1280,false],[1280,true],[992,false],[991,false],[768,false],[767,false],[700,false],[375,false],[320,false]]) {
  const p = await b.newPage({ viewport: { width: w, height: 800 } });
  if (zoom) await p.addInitScript(() => document.addEventListener('DOMContentLoaded', () => { const z = document.createElement('style'); z.textContent = 'html { font-size: 200% !important; }'; document.head.append(z); }));
  for (const path of ['/shop/', '/']) {
    await p.goto('http://127.0.0.1:18799' + path);
    console.log(w, zoom, path, await p.evaluate(() => [...document.querySelectorAll('.product-grid')].map(g => getComputedStyle(g).gridTemplateColumns).join(' | ') + ' sw=' + document.documentElement.scrollWidth));
  }
  await p.close();
}
await b.close();
