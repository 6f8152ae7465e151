import { describe, expect, it } from 'vitest';
import type { Section } from '../../../lib/types';
import { layoutHasTitle } from './title';

const heading = (level?: number) => ({ type: 'heading', text: 'Impressum', ...(level === undefined ? {} : { level }) });
const layout = (...widgets: Array<Record<string, unknown>>): Section[] => [
  { columns: [{ widgets: widgets as Section['columns'][0]['widgets'] }] },
];

describe('layoutHasTitle (one h1 per page)', () => {
  it.each([
    ['an h1 heading widget', layout(heading(1)), true],
    ['an h2 heading widget', layout(heading(2)), false],
    ['a heading without level (h2)', layout(heading()), false],
    ['text only', layout({ type: 'text', html: '<p>x</p>' }), false],
    ['an h1 in a later column', [...layout({ type: 'text' }), ...layout({ type: 'image' }, heading(1))], true],
    ['no sections', [], false],
  ] as const)('%s → %s', (_, sections, want) => {
    expect(layoutHasTitle(sections)).toBe(want);
  });
});
