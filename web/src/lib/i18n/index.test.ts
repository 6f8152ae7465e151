import { describe, expect, it } from 'vitest';
import { N_, t, tLabel, tn, tNodes } from './index';

describe('catalogue', () => {
  it('translates with arguments', () => {
    expect(t('Reviews (%d)', 3)).toBe('Bewertungen (3)');
    expect(t('not in the catalogue')).toBe('not in the catalogue');
  });

  it.each([
    [0, '0 Kundenbewertungen'],
    [1, '1 Kundenbewertung'],
    [2, '2 Kundenbewertungen'],
  ])('plural for %d', (n, want) => {
    expect(tn('%d customer review', '%d customer reviews', n)).toBe(want);
  });

  it('fills sentence placeholders with nodes in German order', () => {
    expect(tNodes('I have read and accept the %1$s and the %2$s.', ['AGB', 'Widerrufsbelehrung']).join('')).toBe(
      'Ich habe die AGB und die Widerrufsbelehrung gelesen und akzeptiere sie.',
    );
  });

  it.each([
    ['draft', undefined, 'Entwurf'],
    ['trash', undefined, 'trash'],
    ['trash', 'Andere', 'Andere'],
    ['constructor', undefined, 'constructor'],
  ])('labels the code %s from its table (fallback %s) as %s', (code, fallback, want) => {
    const table = [
      ['publish', N_('Published')],
      ['draft', N_('Draft')],
    ] as const;
    expect(tLabel(table, code, fallback)).toBe(want);
  });
});
