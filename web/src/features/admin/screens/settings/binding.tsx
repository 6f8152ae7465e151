import type { ReactNode } from 'react';
import type { LIST_SETTINGS, SettingsForm } from '../../model/settingsForm';
import { CheckField } from '../../components/Field';

type RawKey = 'shippingFlat' | 'shippingFreeFrom' | 'lowStock' | 'invoiceDueDays' | 'headerOffset' | 'headerBreakpoint' | 'quantityStepMax';
type Input = { value: string; onChange: (e: { target: { value: string } }) => void };

/** The settings form as its panels edit it: the form, its errors, and helpers that bind a field. */
export interface Binding {
  form: SettingsForm;
  setForm: (form: SettingsForm) => void;
  errors: Record<string, string>;
  /** A checkbox for an on/off setting. */
  flag: (k: keyof SettingsForm['flags'], label: string) => ReactNode;
  /** `value` and `onChange` for a text setting. */
  text: (k: keyof SettingsForm['texts']) => Input;
  /** `value` and `onChange` for a setting the form keeps as typed text (numbers, prices). */
  raw: (k: RawKey) => Input;
  /** Value, change and error of a text setting for an `InputField`/`SelectField`. */
  bind: (k: keyof SettingsForm['texts']) => Bound;
  /** The same for a setting kept as typed text; its errors come under `server`, the setting's name. */
  bindRaw: (k: RawKey, server: string) => Bound;
}

type Bound = { value: string; onChange: (value: string) => void; error: string | undefined };

/** The settings kept as lists of entries (zones, manufacturers, deposit types, price labels). */
type ListKey = keyof typeof LIST_SETTINGS;

/** An entry list of the settings as a panel edits it: change one entry, remove one, add one. */
export interface ListEditor<T> {
  change: (i: number, change: Partial<T>) => void;
  remove: (i: number) => void;
  add: (entry: T) => void;
}

/** The editor of `form`'s list `k`. */
export function listEditor<K extends ListKey>(b: Binding, k: K): ListEditor<SettingsForm[K][number]> {
  type T = SettingsForm[K][number];
  const list = b.form[k] as T[];
  const set = (next: T[]) => b.setForm({ ...b.form, [k]: next });
  return {
    change: (i, change) => set(list.map((e, j) => (j === i ? { ...e, ...change } : e))),
    remove: (i) => set(list.filter((_, j) => j !== i)),
    add: (entry) => set([...list, entry]),
  };
}

export function binding(form: SettingsForm, setForm: (form: SettingsForm) => void, errors: Record<string, string>): Binding {
  return {
    form,
    setForm,
    errors,
    flag: (k, label) => (
      <CheckField label={label} checked={form.flags[k]} onChange={(on) => setForm({ ...form, flags: { ...form.flags, [k]: on } })} />
    ),
    text: (k) => ({
      value: form.texts[k],
      onChange: (e) => setForm({ ...form, texts: { ...form.texts, [k]: e.target.value } }),
    }),
    raw: (k) => ({
      value: form[k],
      onChange: (e) => setForm({ ...form, [k]: e.target.value }),
    }),
    bind: (k) => ({
      value: form.texts[k],
      onChange: (value) => setForm({ ...form, texts: { ...form.texts, [k]: value } }),
      error: errors[k],
    }),
    bindRaw: (k, server) => ({
      value: form[k],
      onChange: (value) => setForm({ ...form, [k]: value }),
      error: errors[server],
    }),
  };
}
