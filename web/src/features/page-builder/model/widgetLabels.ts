/** Each widget's German name (by type), for the palette and the canvas's labels. */
import { N_ } from '../../../lib/i18n';

export const WIDGET_LABELS: Readonly<Record<string, string>> = {
  heading: N_('Heading'),
  text: N_('Text'),
  image: N_('Image'),
  button: N_('Button'),
  spacer: N_('Spacer'),
  video: N_('Video'),
  icon_list: N_('Icon list'),
  tabs: N_('Tabs / accordion'),
  product_grid: N_('Product grid'),
  product_carousel: N_('Product carousel'),
  image_carousel: N_('Image carousel'),
  testimonial_carousel: N_('Testimonials'),
  portfolio: N_('Portfolio'),
  image_comparison: N_('Before and after'),
  anchor: N_('Anchor'),
  menu_anchor: N_('Menu anchor'),
};

/** A widget's name to translate with `t`; an unknown type is named by itself. */
export const widgetLabel = (type: string): string => WIDGET_LABELS[type] ?? type;
