/** A grouped product's form: each child with its own quantity, added to the cart together. */

export interface GroupedLine {
  id: number;
  quantity: number;
}

export type GroupedChoice = { ok: GroupedLine[] } | { error: 'none' | 'invalid'; id?: number };

/**
 * The lines to add from the quantities typed per child (`''` or `0`: none of it). A quantity that is no
 * whole number, or more than the child allows, refuses the whole choice; so does choosing nothing.
 */
export function groupedLines(
  children: ReadonlyArray<{ id: number; max: number; purchasable: boolean }>,
  quantities: Readonly<Record<number, string>>,
): GroupedChoice {
  const lines: GroupedLine[] = [];
  for (const child of children) {
    const raw = (quantities[child.id] ?? '').trim();
    if (raw === '' || raw === '0') continue;
    const n = Number(raw);
    if (!child.purchasable || !Number.isInteger(n) || n < 0 || (child.max > 0 && n > child.max)) {
      return { error: 'invalid', id: child.id };
    }
    lines.push({ id: child.id, quantity: n });
  }
  return lines.length === 0 ? { error: 'none' } : { ok: lines };
}
