import { describe, expect, it } from 'vitest';
import { initiallyExpanded } from './expanded';

interface N {
  id: string;
  children: N[];
}
const leaf = (id: string): N => ({ id, children: [] });
const tree: N[] = [
  { id: 'kaffee', children: [{ id: 'espresso', children: [leaf('single-origin'), leaf('blends')] }, leaf('cold-brew')] },
  { id: 'tee', children: [leaf('schwarztee')] },
  leaf('kueche'),
];

describe('initiallyExpanded', () => {
  it.each([
    ['blends', ['kaffee', 'espresso']],
    ['espresso', ['kaffee', 'espresso']],
    ['cold-brew', ['kaffee']],
    ['tee', ['tee']],
    ['kueche', []],
    ['nirgends', []],
  ] as const)('current %s → %j', (current, want) => {
    expect([...initiallyExpanded(tree, (n) => n.id === current)].sort()).toEqual([...want].sort());
  });
});
