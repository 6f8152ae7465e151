import { describe, expect, it } from 'vitest';
import { fieldChange, fieldValue, widgetDef, WIDGETS } from './widgets';

describe('widget catalogue', () => {
  it('has a form and a starting value for each of the server’s widget types', () => {
    const server = [
      'heading',
      'text',
      'image',
      'button',
      'spacer',
      'video',
      'icon_list',
      'tabs',
      'product_grid',
      'product_carousel',
      'image_carousel',
      'testimonial_carousel',
      'portfolio',
      'image_comparison',
      'anchor',
      'menu_anchor',
    ];
    expect(WIDGETS.map((w) => w.type)).toEqual(server);
    for (const w of WIDGETS) expect(w.make().type).toBe(w.type);
    expect(widgetDef('marquee')).toBeUndefined();
  });
});

describe('fields', () => {
  const w = { type: 'image_carousel', images: [], carousel: { autoplay: true, slides_to_show: 2 } };
  it.each([
    ['images', []],
    ['carousel.autoplay', true],
    ['carousel.slides_to_show', 2],
    ['carousel.loop', undefined],
    ['nothing.deeper', undefined],
  ])('reads %s', (name, want) => expect(fieldValue(w, name)).toEqual(want));

  it.each([
    ['level', 3, { level: 3 }],
    ['alt', '', { alt: undefined }],
    ['height', Number.NaN, { height: undefined }],
    ['carousel.autoplay', false, { carousel: { autoplay: false, slides_to_show: 2 } }],
    ['carousel.slides_to_show', '', { carousel: { autoplay: true } }],
  ])('sets %s to %o', (name, value, want) => expect(fieldChange(w, name, value)).toEqual(want));

  it('creates the object of a dotted field when missing', () => {
    expect(fieldChange({ type: 'product_carousel' }, 'carousel.autoplay', true)).toEqual({ carousel: { autoplay: true } });
  });
});
