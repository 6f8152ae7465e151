import { describe, expect, it } from 'vitest';
import { errorsAt, placeErrors } from './saveErrors';

describe('placeErrors', () => {
  it.each([
    [
      'laden_layout.sections.0.columns.1.widgets.2.text',
      { path: { section: 0, column: 1, widget: 2 }, section: 0, field: 'text', detail: '' },
    ],
    [
      'laden_layout.sections.3.columns.0.widgets.0.items.1.icon',
      { path: { section: 3, column: 0, widget: 0 }, section: 3, field: 'items', detail: '1.icon' },
    ],
    ['laden_layout.sections.0.columns.0.widgets.4', { path: { section: 0, column: 0, widget: 4 }, section: 0, field: '', detail: '' }],
    ['laden_layout.sections.2.id', { path: null, section: 2, field: '', detail: 'sections.2.id' }],
    ['laden_layout.sections.1.columns', { path: null, section: 1, field: '', detail: 'sections.1.columns' }],
    ['title', { path: null, section: null, field: '', detail: 'title' }],
  ])('%s', (key, placed) => expect(placeErrors({ [key]: 'Falsch.' })).toEqual([{ ...placed, message: 'Falsch.' }]));
});

describe('errorsAt', () => {
  const errors = placeErrors({
    'laden_layout.sections.0.columns.0.widgets.1.text': 'Zu lang.',
    'laden_layout.sections.0.columns.0.widgets.1.items.0.icon': 'Unbekanntes Symbol.',
    'laden_layout.sections.0.columns.0.widgets.2.text': 'Fehlt.',
    'laden_layout.sections.0.columns.0.widgets.2.carousel.slides_to_show': 'Höchstens 6.',
    'laden_layout.sections.0.columns.0.widgets.3': 'Kein Widget.',
  });
  it('gives a field only its own messages', () => {
    expect(errorsAt(errors, { section: 0, column: 0, widget: 1 }, 'text')).toEqual(['Zu lang.']);
    expect(errorsAt(errors, { section: 0, column: 0, widget: 1 }, 'items')).toEqual(['0.icon: Unbekanntes Symbol.']);
    expect(errorsAt(errors, { section: 0, column: 0, widget: 0 }, 'text')).toEqual([]);
    expect(errorsAt(errors, { section: 0, column: 0, widget: 2 }, 'carousel.slides_to_show')).toEqual(['Höchstens 6.']);
    expect(errorsAt(errors, { section: 0, column: 0, widget: 2 }, 'carousel.autoplay')).toEqual([]);
    expect(errorsAt(errors, { section: 0, column: 0, widget: 3 }, '')).toEqual(['Kein Widget.']);
    expect(errorsAt(errors, { section: 0, column: 0, widget: 2 }, '')).toEqual([]);
  });
});
