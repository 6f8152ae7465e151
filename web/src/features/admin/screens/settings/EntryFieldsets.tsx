import type { ReactNode } from 'react';
import { N_, t } from '../../../../lib/i18n';
import { emptyDepositType, emptyManufacturer, emptyZone, entryProblem, type SettingsForm } from '../../model/settingsForm';
import { listEditor, type Binding, type ListEditor } from './binding';

/**
 * The settings lists whose entries are edited one fieldset each: the fieldsets' test id, the
 * legend of an entry without a name (with its number), the buttons' labels and a new entry.
 */
const LISTS = {
  zones: {
    testId: 'shipping-zone',
    unnamed: N_('Shipping zone %d'),
    remove: N_('Remove zone'),
    add: N_('Add shipping zone'),
    empty: emptyZone,
  },
  manufacturers: {
    testId: 'manufacturer',
    unnamed: N_('Manufacturer %d'),
    remove: N_('Remove manufacturer'),
    add: N_('Add manufacturer'),
    empty: emptyManufacturer,
  },
  depositTypes: {
    testId: 'deposit-type',
    unnamed: N_('Deposit type %d'),
    remove: N_('Remove deposit type'),
    add: N_('Add deposit type'),
    empty: emptyDepositType,
  },
} as const;

type Key = keyof typeof LISTS;

/** What an entry's fields are given: the entry, its errors by field, a change to it, and a binder. */
export interface Entry<T> {
  entry: T;
  at: (field: string) => string | undefined;
  change: (change: Partial<T>) => void;
  /**
   * Value, change and error of the entry's `field` for an `InputField`/`SelectField`; its errors
   * come under `server`, the field's name in the setting (the same name when not given).
   */
  bind: <F extends keyof T & string>(
    field: F,
    server?: string,
  ) => { value: T[F]; onChange: (value: T[F]) => void; error: string | undefined };
}

/** What entry `i` of a list, edited through `list`, gives its fields. */
function entryOf<K extends Key>(
  b: Binding,
  key: K,
  list: ListEditor<SettingsForm[K][number]>,
  entry: SettingsForm[K][number],
  i: number,
): Entry<SettingsForm[K][number]> {
  type T = SettingsForm[K][number];
  const at = (field: string) => b.errors[entryProblem(key, i, field)];
  const change = (change: Partial<T>) => list.change(i, change);
  return {
    entry,
    at,
    change,
    bind: (field, server = field) => ({
      value: entry[field],
      onChange: (value) => {
        const patch: Partial<T> = {};
        patch[field] = value;
        change(patch);
      },
      error: at(server),
    }),
  };
}

/**
 * A settings list edited in place: a fieldset per entry, named by the entry's name (or its number
 * while it has none), holding its fields (`children`) and a button that removes it; then a button
 * that adds an empty entry.
 */
export function EntryFieldsets<K extends Key>({
  b,
  list: key,
  children,
}: {
  b: Binding;
  list: K;
  children: (entry: Entry<SettingsForm[K][number]>) => ReactNode;
}) {
  const about = LISTS[key];
  const list = listEditor(b, key);
  const entries = b.form[key] as Array<SettingsForm[K][number]>;
  return (
    <>
      {entries.map((entry, i) => (
        <fieldset key={i} className="admin-zone" data-testid={about.testId}>
          <legend>{entry.name.trim() || t(about.unnamed, i + 1)}</legend>
          {children(entryOf(b, key, list, entry, i))}
          <button type="button" className="button button--small" onClick={() => list.remove(i)}>
            {t(about.remove)}
          </button>
        </fieldset>
      ))}
      <button type="button" className="button" onClick={() => list.add(about.empty())}>
        {t(about.add)}
      </button>
    </>
  );
}
