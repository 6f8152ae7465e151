import { isValidElement, type ReactNode } from 'react';

/** How a column is headed: its text, or its text with a class ("num" right-aligns a column of numbers). */
type Heading = { label: ReactNode; num?: boolean; hidden?: boolean };
/** A column's heading. `hidden` keeps the text for screen readers only (e.g. a column of buttons). */
export type Column = ReactNode | Heading;

const isHeading = (c: Column): c is Heading => typeof c === 'object' && c !== null && !isValidElement(c) && 'label' in c;

/**
 * The head of a data table: one `<th scope="col">` a column, so a screen reader names every cell by it.
 * `false`, `null` and `undefined` entries are columns left out (e.g. shown in one view only).
 */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => {
          if (c === false || c === null || c === undefined) return null;
          const h: Heading = isHeading(c) ? c : { label: c };
          return (
            <th key={i} scope="col" className={h.num ? 'num' : undefined}>
              {h.hidden ? <span className="visually-hidden">{h.label}</span> : h.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
