import type React from 'react';
import { messages } from './messages';
import { sprintf } from './po';

/** The German text for an English message id (the id itself if untranslated). */
export function t(msgid: string, ...args: Array<string | number>): string {
  const text = messages.get(msgid) ?? msgid;
  return args.length > 0 ? sprintf(text, args) : text;
}

/** `t` whose `%1$s`, `%2$s` … placeholders are filled with React nodes (links in a sentence). */
export function tNodes(msgid: string, nodes: ReadonlyArray<React.ReactNode>): React.ReactNode[] {
  const text = messages.get(msgid) ?? msgid;
  const out: React.ReactNode[] = [];
  let next = 0;
  let last = 0;
  for (const m of text.matchAll(/%(?:(\d+)\$)?s/g)) {
    out.push(text.slice(last, m.index));
    const index = m[1] !== undefined ? Number(m[1]) - 1 : next++;
    out.push(nodes[index] ?? '');
    last = (m.index ?? 0) + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

/** Singular or plural by count (German and English both use the singular for exactly 1). */
export function tn(singular: string, plural: string, n: number): string {
  return t(n === 1 ? singular : plural, n);
}

/** Marks a message id for the catalogue where it is translated later with `t(id)` (gettext's `N_`). */
export const N_ = (msgid: string): string => msgid;

/**
 * A code's German label from a table of `[code, message id]` (the tables the admin's selects
 * offer); `fallback` (the code itself unless given) for a code the table does not hold.
 */
export function tLabel(table: ReadonlyArray<readonly [string, string]>, code: string, fallback: string = code): string {
  const row = table.find(([c]) => c === code);
  return row ? t(row[1]) : fallback;
}
