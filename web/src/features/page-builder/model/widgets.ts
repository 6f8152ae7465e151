/**
 * The editor's palette and forms: each widget's German name, its fields and
 * what a new one starts with. The server's schemas (`laden-store::layout`)
 * stay the judge; these only drive the forms.
 */
import type { Widget } from '../../../lib/types';
import { N_ } from '../../../lib/i18n';
import { widgetLabel } from './widgetLabels';

export type FieldKind =
  | { kind: 'text' }
  | { kind: 'html' }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'bool' }
  | { kind: 'select'; options: Array<[string, string]> }
  | { kind: 'media' }
  | { kind: 'link' }
  | { kind: 'items'; fields: FieldDef[] };

export type FieldDef = { name: string; label: string } & FieldKind;

export interface WidgetDef {
  type: string;
  label: string;
  fields: FieldDef[];
  make: () => Widget;
}

const f = (name: string, label: string, kind: FieldKind): FieldDef => ({ name, label, ...kind });
const text = { kind: 'text' } as const;
const html = { kind: 'html' } as const;
const link = { kind: 'link' } as const;
const media = { kind: 'media' } as const;
const bool = { kind: 'bool' } as const;
const SOURCES: Array<[string, string]> = [
  ['category', N_('From a category')],
  ['on_sale', N_('On sale')],
  ['newest', N_('Newest')],
  ['ids', N_('Hand-picked')],
];
const products: FieldDef[] = [
  f('title', N_('Title'), text),
  f('source', N_('Products'), { kind: 'select', options: SOURCES }),
  f('category', N_('Category (address name)'), text),
  f('limit', N_('Number of products'), { kind: 'number', min: 1, max: 24 }),
];
const autoplay = [
  f('carousel.autoplay', N_('Play automatically'), bool),
  f('carousel.slides_to_show', N_('Slides shown'), { kind: 'number', min: 1, max: 6 }),
];

export const WIDGETS: WidgetDef[] = [
  {
    type: 'heading',
    label: widgetLabel('heading'),
    fields: [f('text', N_('Text'), text), f('level', N_('Level'), { kind: 'number', min: 1, max: 6 })],
    make: () => ({ type: 'heading', text: 'Überschrift', level: 2 }),
  },
  { type: 'text', label: widgetLabel('text'), fields: [f('html', N_('Text'), html)], make: () => ({ type: 'text', html: '<p>Text</p>' }) },
  {
    type: 'image',
    label: widgetLabel('image'),
    fields: [f('media', N_('Image'), media), f('alt', N_('Alternative text'), text), f('href', N_('Link'), link)],
    make: () => ({ type: 'image', media: 0 }),
  },
  {
    type: 'button',
    label: widgetLabel('button'),
    fields: [f('text', N_('Text'), text), f('href', N_('Link'), link)],
    make: () => ({ type: 'button', text: 'Zum Shop', href: '/shop/' }),
  },
  {
    type: 'spacer',
    label: widgetLabel('spacer'),
    fields: [f('height', N_('Height (px)'), { kind: 'number', min: 0, max: 400 })],
    make: () => ({ type: 'spacer', height: 32 }),
  },
  {
    type: 'video',
    label: widgetLabel('video'),
    fields: [f('src', N_('Video address'), text), f('title', N_('Title'), text), f('poster', N_('Poster image'), media)],
    make: () => ({ type: 'video', src: '' }),
  },
  {
    type: 'icon_list',
    label: widgetLabel('icon_list'),
    fields: [f('items', N_('Entries'), { kind: 'items', fields: [f('text', N_('Text'), text), f('href', N_('Link'), link)] })],
    make: () => ({ type: 'icon_list', items: [{ icon: 'check', text: 'Eintrag' }] }),
  },
  {
    type: 'tabs',
    label: widgetLabel('tabs'),
    fields: [
      f('mode', N_('Shown as'), {
        kind: 'select',
        options: [
          ['tabs', N_('Tabs')],
          ['accordion', N_('Accordion')],
        ],
      }),
      f('items', N_('Entries'), { kind: 'items', fields: [f('title', N_('Title'), text), f('html', N_('Text'), html)] }),
    ],
    make: () => ({ type: 'tabs', mode: 'tabs', items: [{ title: 'Reiter', html: '<p>Inhalt</p>' }] }),
  },
  {
    type: 'product_grid',
    label: widgetLabel('product_grid'),
    fields: products,
    make: () => ({ type: 'product_grid', source: 'newest', limit: 4 }),
  },
  {
    type: 'product_carousel',
    label: widgetLabel('product_carousel'),
    fields: [...products, ...autoplay],
    make: () => ({ type: 'product_carousel', source: 'newest', limit: 8 }),
  },
  {
    type: 'image_carousel',
    label: widgetLabel('image_carousel'),
    fields: [
      f('images', N_('Images'), { kind: 'items', fields: [f('media', N_('Image'), media), f('caption', N_('Caption'), text)] }),
      ...autoplay,
    ],
    make: () => ({ type: 'image_carousel', images: [] }),
  },
  {
    type: 'testimonial_carousel',
    label: widgetLabel('testimonial_carousel'),
    fields: [
      f('items', N_('Entries'), {
        kind: 'items',
        fields: [f('quote', N_('Quote'), text), f('name', N_('Name'), text), f('role', N_('Role'), text)],
      }),
      ...autoplay,
    ],
    make: () => ({ type: 'testimonial_carousel', items: [{ quote: 'Sehr guter Kaffee.', name: 'Kundin' }] }),
  },
  {
    type: 'portfolio',
    label: widgetLabel('portfolio'),
    fields: [
      f('filterable', N_('With filter'), bool),
      f('items', N_('Entries'), {
        kind: 'items',
        fields: [f('media', N_('Image'), media), f('title', N_('Title'), text), f('category', N_('Category'), text)],
      }),
    ],
    make: () => ({ type: 'portfolio', filterable: true, items: [] }),
  },
  {
    type: 'image_comparison',
    label: widgetLabel('image_comparison'),
    fields: [
      f('before', N_('Before'), media),
      f('after', N_('After'), media),
      f('before_label', N_('Label before'), text),
      f('after_label', N_('Label after'), text),
    ],
    make: () => ({ type: 'image_comparison', before: 0, after: 0 }),
  },
  {
    type: 'anchor',
    label: widgetLabel('anchor'),
    fields: [f('anchor', N_('Anchor name'), text)],
    make: () => ({ type: 'anchor', anchor: 'anker' }),
  },
  {
    type: 'menu_anchor',
    label: widgetLabel('menu_anchor'),
    fields: [f('anchor', N_('Anchor name'), text)],
    make: () => ({ type: 'menu_anchor', anchor: 'bereich' }),
  },
];

export const widgetDef = (type: string): WidgetDef | undefined => WIDGETS.find((w) => w.type === type);

/** A field's value in a widget; dotted names reach into objects (`carousel.autoplay`). */
export function fieldValue(w: Record<string, unknown>, name: string): unknown {
  return name.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), w);
}

/** The change that sets a field (dotted names merge into their object); empty text and NaN remove optional values. */
export function fieldChange(w: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = name.split('.');
  const clean = value === '' || (typeof value === 'number' && Number.isNaN(value)) ? undefined : value;
  if (rest.length === 0) return { [head!]: clean };
  const inner = (w[head!] && typeof w[head!] === 'object' ? (w[head!] as Record<string, unknown>) : {}) as Record<string, unknown>;
  const merged = { ...inner, ...fieldChange(inner, rest.join('.'), value) };
  for (const k of Object.keys(merged)) if (merged[k] === undefined) delete merged[k];
  return { [head!]: merged };
}
