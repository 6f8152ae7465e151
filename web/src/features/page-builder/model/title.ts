import type { Section } from '../../../lib/types';

/**
 * Whether a layout brings its own level-1 heading: then the page's title is not shown above it,
 * so the page keeps one h1 (WCAG 1.3.1; as a page builder's "hide title" does by itself).
 */
export function layoutHasTitle(sections: readonly Section[]): boolean {
  return sections.some((s) => s.columns.some((c) => c.widgets.some((w) => w.type === 'heading' && Number(w['level'] ?? 2) === 1)));
}
