/** A product's particulars as a description list, each value in its lines (an address, warnings, ingredients). */
export function InfoList({ rows }: { rows: ReadonlyArray<{ label: string; lines: readonly string[] }> }) {
  return (
    <dl className="product-safety">
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>
            {row.lines.map((line, i) => (
              <span key={i} className="product-safety__line">
                {line}
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
