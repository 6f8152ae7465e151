import { describe, expect, it } from 'vitest';
import { dropBefore, flatten, indent, move, outdent, remove, toPayload, update, type MenuNode } from './menuTree';

const n = (key: string, children: MenuNode[] = []): MenuNode => ({
  key,
  title: key.toUpperCase(),
  kind: 'custom',
  target: `/${key}/`,
  children,
});
const tree = (): MenuNode[] => [n('a', [n('a1'), n('a2')]), n('b'), n('c', [n('c1', [n('c11')])])];
const shape = (t: MenuNode[]): string => t.map((x) => (x.children.length ? `${x.key}(${shape(x.children)})` : x.key)).join(' ');

describe('menu tree', () => {
  it.each([
    ['move b up', (t: MenuNode[]) => move(t, 'b', -1), 'b a(a1 a2) c(c1(c11))'],
    ['move a up (first)', (t: MenuNode[]) => move(t, 'a', -1), 'a(a1 a2) b c(c1(c11))'],
    ['move a2 up', (t: MenuNode[]) => move(t, 'a2', -1), 'a(a2 a1) b c(c1(c11))'],
    ['indent b', (t: MenuNode[]) => indent(t, 'b'), 'a(a1 a2 b) c(c1(c11))'],
    ['indent a2', (t: MenuNode[]) => indent(t, 'a2'), 'a(a1(a2)) b c(c1(c11))'],
    ['indent a (first)', (t: MenuNode[]) => indent(t, 'a'), 'a(a1 a2) b c(c1(c11))'],
    ['indent c: too deep', (t: MenuNode[]) => indent(t, 'c'), 'a(a1 a2) b c(c1(c11))'],
    ['outdent a1', (t: MenuNode[]) => outdent(t, 'a1'), 'a(a2) a1 b c(c1(c11))'],
    ['outdent c11', (t: MenuNode[]) => outdent(t, 'c11'), 'a(a1 a2) b c(c1 c11)'],
    ['outdent b (top)', (t: MenuNode[]) => outdent(t, 'b'), 'a(a1 a2) b c(c1(c11))'],
    ['remove a', (t: MenuNode[]) => remove(t, 'a'), 'b c(c1(c11))'],
    ['drop b before a1', (t: MenuNode[]) => dropBefore(t, 'b', 'a1'), 'a(b a1 a2) c(c1(c11))'],
    ['drop c before b', (t: MenuNode[]) => dropBefore(t, 'c', 'b'), 'a(a1 a2) c(c1(c11)) b'],
    ['drop c into its child', (t: MenuNode[]) => dropBefore(t, 'c', 'c11'), 'a(a1 a2) b c(c1(c11))'],
    ['drop c1 before a1', (t: MenuNode[]) => dropBefore(t, 'c1', 'a1'), 'a(c1(c11) a1 a2) b c'],
    ['drop c too deep', (t: MenuNode[]) => dropBefore(t, 'c', 'a1'), 'a(a1 a2) b c(c1(c11))'],
  ])('%s', (_, op, want) => {
    const before = tree();
    expect(shape(op(before))).toBe(want);
    expect(shape(before)).toBe('a(a1 a2) b c(c1(c11))');
  });

  it('edits, flattens with levels and drops the keys for the server', () => {
    const t = update(tree(), 'c11', { title: 'Anker', kind: 'anchor', target: '/c/#x' });
    expect(flatten(t).map((r) => `${r.level}:${r.node.title}`)).toEqual(['1:A', '2:A1', '2:A2', '1:B', '1:C', '2:C1', '3:Anker']);
    expect(toPayload(t)[2]).toEqual({
      title: 'C',
      kind: 'custom',
      target: '/c/',
      children: [
        { title: 'C1', kind: 'custom', target: '/c1/', children: [{ title: 'Anker', kind: 'anchor', target: '/c/#x', children: [] }] },
      ],
    });
  });
});
