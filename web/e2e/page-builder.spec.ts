import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pngImage } from '../src/test/laden-server';
import { hydrated, watchErrors } from './helpers';

/** An administrator's REST session (cookie in `request`, nonce returned). */
async function adminNonce(request: APIRequestContext): Promise<string> {
  const login = await request.post('/wp-login.php', { form: { log: 'admin', pwd: 'e2e-Röstmeister-2026' }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  return (await (await request.get('/wp-admin/admin-ajax.php?action=rest-nonce')).text()).trim();
}

async function upload(request: APIRequestContext, nonce: string, name: string, w: number, h: number): Promise<number> {
  const res = await request.post('/wp-json/wp/v2/media', {
    headers: { 'X-WP-Nonce': nonce, 'Content-Type': 'image/png', 'Content-Disposition': `attachment; filename="${name}"` },
    data: Buffer.from(pngImage(w, h)),
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A published page with every widget; returns its path. */
async function widgetPage(request: APIRequestContext, band: string): Promise<string> {
  const nonce = await adminNonce(request);
  const ids: number[] = [];
  for (let i = 0; i < 5; i++) ids.push(await upload(request, nonce, `pb-${band}-${i}.png`, 640, 400));
  const col = (...widgets: unknown[]) => ({ widgets });
  const layout = {
    version: 1,
    sections: [
      { id: 'oben', layout: 'stretched', columns: [col({ type: 'heading', text: 'Alle Widgets', level: 1 }, { type: 'text', html: '<p>Frisch <strong>geröstet</strong>.</p>' })] },
      {
        columns: [
          col({ type: 'image', media: ids[0], alt: 'Röstung' }, { type: 'button', text: 'Zum Shop', href: '/shop/' }, { type: 'spacer', height: 24 }),
          col({ type: 'video', src: '/uploads/pb-film.mp4', poster: ids[1], title: 'Röstfilm' }, { type: 'icon_list', items: [{ icon: 'truck', text: 'Versand in 2 Tagen' }, { icon: 'leaf', text: 'Bio', href: '#zeiten' }] }),
        ],
      },
      { columns: [col({ type: 'tabs', items: [{ title: 'Herkunft', html: '<p>Peru</p>' }, { title: 'Röstung', html: '<p>Mittel</p>' }, { title: 'Mahlgrad', html: '<p>Fein</p>' }] }, { type: 'tabs', mode: 'accordion', items: [{ title: 'Lieferung', html: '<p>2–4 Werktage</p>' }, { title: 'Rückgabe', html: '<p>14 Tage</p>' }] })] },
      { columns: [col({ type: 'product_grid', title: 'Neu', source: 'newest', limit: 4 }, { type: 'product_carousel', title: 'Im Angebot', source: 'newest', limit: 6 })] },
      { columns: [col({ type: 'image_carousel', images: ids.map((media, i) => ({ media, caption: `Bild ${i + 1}` })), carousel: { autoplay: true, autoplay_speed: 1000 } })] },
      { columns: [col({ type: 'testimonial_carousel', items: [{ quote: 'Der beste Kaffee der Stadt.', name: 'Anna', role: 'Stammkundin' }] }, { type: 'product_grid', source: 'ids', ids: [999999] })] },
      { columns: [col({ type: 'spacer', height: 400 }, { type: 'spacer', height: 400 }, { type: 'spacer', height: 400 })] },
      { id: 'galerie', columns: [col({ type: 'portfolio', filterable: true, items: [{ media: ids[2], title: 'Laden', category: 'Räume' }, { media: ids[3], title: 'Rösterei', category: 'Räume' }, { media: ids[4], title: 'Team', category: 'Menschen' }] })] },
      { columns: [col({ type: 'image_comparison', before: ids[0], after: ids[1], before_label: 'Grün', after_label: 'Geröstet', start: 50 }, { type: 'anchor', anchor: 'zeiten' })] },
    ],
  };
  const res = await request.post('/wp-json/wp/v2/pages', { headers: { 'X-WP-Nonce': nonce }, data: { title: `Widgets ${band}`, slug: `widgets-${band}`, status: 'publish', laden_layout: layout } });
  expect(res.status()).toBe(201);
  return `/${((await res.json()) as { slug: string }).slug}/`;
}

const VISIBLE: Record<string, number> = { 'desktop-1280': 3, 'tablet-700': 2, 'mobile-375': 1 };

async function visibleSlides(page: Page, carousel: ReturnType<Page['locator']>): Promise<number> {
  return carousel.evaluate((el) => {
    const viewport = el.querySelector('.pb-carousel__viewport')!.getBoundingClientRect().width;
    const slide = el.querySelector('.pb-carousel__slide')!.getBoundingClientRect().width;
    return Math.round((viewport + 16) / (slide + 16));
  });
}

test('every widget renders the same on server and client, with carousel defaults, autoplay stopping on focus and eager portfolio and comparison images', async ({ page, request }, info) => {
  const errors = watchErrors(page);
  const path = await widgetPage(request, info.project.name);
  // Server-rendered HTML already holds the widgets.
  const html = await (await request.get(path)).text();
  for (const marker of ['Alle Widgets', 'pb-icon-list', 'role="tablist"', 'pb-accordion', 'pb-carousel', 'pb-portfolio', 'pb-compare', 'id="zeiten"', 'Der beste Kaffee der Stadt.']) expect(html).toContain(marker);
  await Promise.all([hydrated(page), page.goto(path)]);

  await expect(page.getByRole('heading', { level: 1, name: 'Alle Widgets' })).toBeVisible();
  await expect(page.locator('.pb-text strong').first()).toHaveText('geröstet');
  await expect(page.getByRole('link', { name: 'Zum Shop' })).toHaveAttribute('href', '/shop/');
  await expect(page.locator('.pb-video video')).toHaveAttribute('src', '/uploads/pb-film.mp4');
  await expect(page.locator('.pb-icon-list li')).toHaveCount(2);
  // Stretched: as wide as the window without its scrollbar, from the left edge.
  const stretched = page.locator('#oben');
  await expect(stretched).toHaveAttribute('data-stretched', 'measured');
  const [width, left, client] = await stretched.evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().left, document.documentElement.clientWidth]);
  expect(Math.abs(width - client)).toBeLessThanOrEqual(1);
  expect(Math.abs(left)).toBeLessThanOrEqual(1);

  // Tabs: click and arrow keys; the accordion opens its first entry.
  const tabs = page.getByRole('tablist');
  await tabs.getByRole('tab', { name: 'Röstung' }).click();
  await expect(page.getByRole('tabpanel')).toHaveText('Mittel');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Mahlgrad' })).toBeFocused();
  await expect(page.getByRole('tabpanel')).toHaveText('Fein');
  await expect(page.locator('.pb-accordion details').first()).toHaveAttribute('open', '');
  // Empty state: a grid that finds nothing says so.
  await expect(page.getByText('Keine Produkte gefunden.').first()).toBeVisible();

  // Carousels: 3 / 2 / 1 slides by band; a single slide does not start one.
  const images = page.getByRole('region', { name: 'Bilder' });
  await images.scrollIntoViewIfNeeded();
  expect(await visibleSlides(page, images)).toBe(VISIBLE[info.project.name]);
  const products = page.getByRole('region', { name: 'Im Angebot' });
  expect(await visibleSlides(page, products)).toBe(VISIBLE[info.project.name]);
  const testimonials = page.getByRole('region', { name: 'Kundenstimmen' });
  await expect(testimonials).not.toHaveClass(/is-running/);
  await expect(testimonials.getByRole('button')).toHaveCount(0);
  // Autoplay advances, and stops for good when something inside gets focus.
  await expect(images).toHaveAttribute('data-autoplay', 'playing');
  await expect(images.locator('.pb-carousel__dots [aria-current="true"]')).not.toHaveAttribute('aria-label', 'Zu Folie 1', { timeout: 8000 });
  await images.getByRole('button', { name: 'Nächste Folie' }).focus();
  await expect(images).toHaveAttribute('data-autoplay', 'stopped');
  const at = await images.locator('.pb-carousel__dots [aria-current="true"]').getAttribute('aria-label');
  await page.waitForTimeout(2500);
  await expect(images.locator('.pb-carousel__dots [aria-current="true"]')).toHaveAttribute('aria-label', at!);
  // Arrows work by keyboard.
  await images.getByRole('button', { name: 'Vorherige Folie' }).press('Enter');
  await expect(images.locator('.pb-carousel__dots [aria-current="true"]')).not.toHaveAttribute('aria-label', at!);

  // Portfolio and comparison images are loaded before anyone scrolls to them.
  await page.evaluate(() => window.scrollTo(0, 0));
  const loaded = await page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('.pb-portfolio img, .pb-compare img')].map((i) => i.complete && i.naturalWidth > 0));
  expect(loaded).toEqual([true, true, true, true, true]);
  // The portfolio filters by category.
  await page.getByRole('group', { name: 'Filter' }).getByRole('button', { name: 'Menschen' }).click();
  await expect(page.locator('.pb-portfolio li:visible')).toHaveCount(1);
  await page.getByRole('group', { name: 'Filter' }).getByRole('button', { name: 'Alle' }).click();
  await expect(page.locator('.pb-portfolio li:visible')).toHaveCount(3);
  // The comparison slider moves by keyboard.
  const slider = page.getByRole('slider', { name: 'Vorher und nachher vergleichen' });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.pb-compare__before')).toHaveAttribute('style', /inset\(0px 49% 0px 0px\)|inset\(0 49% 0 0\)/);
  // The anchor widget is a target for in-page links.
  await expect(page.locator('#zeiten')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('an editor edits, reorders, previews, saves and publishes a page; a stale save is refused without losing anything', async ({ page, browser, request }, info) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const band = info.project.name;
  const nonce = await adminNonce(request);
  const layout = { version: 1, sections: [{ columns: [{ widgets: [{ type: 'heading', text: 'Alter Titel', level: 2 }, { type: 'text', html: '<p>Erster Absatz</p>' }] }] }] };
  const created = await request.post('/wp-json/wp/v2/pages', { headers: { 'X-WP-Nonce': nonce }, data: { title: `Editor ${band}`, slug: `editor-${band}`, status: 'publish', laden_layout: layout } });
  expect(created.status()).toBe(201);
  const { id, slug } = (await created.json()) as { id: number; slug: string };
  const path = `/${slug}/`;

  // Log in, open the page, enter editor mode from the admin bar.
  await page.goto(`/wp-login.php?redirect_to=${encodeURIComponent(path)}`);
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill('admin');
  await page.getByLabel('Passwort').fill('e2e-Röstmeister-2026');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await page.getByRole('navigation', { name: 'Werkzeugleiste' }).getByRole('link', { name: 'Bearbeiten' }).click();
  await expect(page).toHaveURL(/\?editor=1$/);
  const panel = page.getByRole('complementary', { name: 'Seiteneditor' });
  await expect(panel.getByRole('button', { name: 'Veröffentlichen' })).toBeVisible();

  // Select the heading on the canvas and change it: the canvas follows.
  await page.locator('.pb-edit-widget[data-widget-type="heading"]').click();
  await expect(panel.getByRole('heading', { name: 'Überschrift' })).toBeVisible();
  await panel.getByLabel('Text', { exact: true }).fill('Neuer Titel');
  await expect(page.locator('.page-content h2')).toHaveText('Neuer Titel');
  // Add a button after it, move it up, undo and redo the move.
  await panel.getByLabel('Widget hinzufügen').selectOption('button');
  await panel.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  const types = () => page.locator('.pb-edit-widget').evaluateAll((els) => els.map((e) => e.getAttribute('data-widget-type')));
  await expect.poll(types).toEqual(['heading', 'button', 'text']);
  await panel.getByRole('button', { name: 'Nach oben', exact: true }).click();
  await expect.poll(types).toEqual(['button', 'heading', 'text']);
  await panel.getByRole('button', { name: 'Rückgängig' }).click();
  await expect.poll(types).toEqual(['heading', 'button', 'text']);
  await panel.getByRole('button', { name: 'Wiederholen' }).click();
  await expect.poll(types).toEqual(['button', 'heading', 'text']);
  // Keyboard: a widget is selected with Enter.
  await page.locator('.pb-edit-widget[data-widget-type="text"]').focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('heading', { name: 'Text' })).toBeVisible();
  // Preview at the mobile band narrows the canvas.
  await panel.getByRole('button', { name: 'Mobil' }).click();
  await expect.poll(() => page.locator('.page-content').evaluate((e) => e.getBoundingClientRect().width)).toBeLessThanOrEqual(375);
  await panel.getByRole('button', { name: 'Desktop' }).click();

  // Save (the page stays published: the button says so).
  await panel.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(panel.getByRole('status')).toHaveText('Gespeichert.');
  // Another editor saves meanwhile: this editor's save is refused, in German, and nothing typed is lost.
  const other = await request.post(`/wp-json/wp/v2/pages/${id}`, { headers: { 'X-WP-Nonce': nonce, 'X-HTTP-Method-Override': 'PATCH' }, data: { title: 'Von jemand anderem' } });
  expect(other.status()).toBe(200);
  await panel.getByLabel('Text', { exact: true }).fill('<p>Zweiter Stand</p>');
  await panel.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(panel.getByRole('alert')).toContainText('Jemand anderes hat diese Seite inzwischen geändert.');
  await expect(page.locator('.page-content .pb-text')).toHaveText('Zweiter Stand');
  await expect(panel.getByLabel('Text', { exact: true })).toHaveValue('<p>Zweiter Stand</p>');
  // Reload (the editor sees the other change), edit again and publish.
  await page.reload();
  await page.locator('.pb-edit-widget[data-widget-type="text"]').click();
  await panel.getByLabel('Text', { exact: true }).fill('<p>Endgültig</p>');
  await panel.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(panel.getByRole('status')).toHaveText('Veröffentlicht.');
  // An earlier version is listed and can be restored into the editor.
  await panel.getByText('Frühere Versionen').click();
  await expect(panel.getByRole('button', { name: 'Wiederherstellen' }).first()).toBeVisible();

  // A visitor sees the published page.
  const visitor = await browser.newPage();
  await visitor.goto(path);
  await expect(visitor.locator('.page-content h2')).toHaveText('Neuer Titel');
  await expect(visitor.locator('.page-content .pb-text')).toHaveText('Endgültig');
  await expect(visitor.getByRole('link', { name: 'Zum Shop' })).toBeVisible();
  await expect(visitor.locator('.editor-panel')).toHaveCount(0);
  await visitor.close();
  expect(errors).toEqual([]);
});
