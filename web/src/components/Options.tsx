import { t } from '../lib/i18n';

/** A select's options from a table of `[value, catalogue message id]`, in the table's order, in German. */
export function Options({ table }: { table: ReadonlyArray<readonly [string, string]> }) {
  return (
    <>
      {table.map(([value, message]) => (
        <option key={value} value={value}>
          {t(message)}
        </option>
      ))}
    </>
  );
}
