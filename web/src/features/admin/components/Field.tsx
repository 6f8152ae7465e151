import { useId, type ReactNode } from 'react';
import { Options } from '../../../components/Options';

/** A labelled form field with its German validation message right below it. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`admin-field${error ? ' admin-field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), ...(described ? { 'aria-describedby': described } : {}) })}
      {hint && !error && (
        <p className="admin-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="admin-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A labelled input bound to one string of a form (text, numbers typed as text, dates, addresses);
 * with `rows`, a text area of that many rows.
 */
export function InputField({
  label,
  hint,
  error,
  value,
  onChange,
  type = 'text',
  inputMode,
  rows,
  ...rest
}: {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'date' | 'url' | 'email' | 'number';
  inputMode?: 'numeric' | 'decimal';
  rows?: number;
  required?: boolean;
  maxLength?: number;
  autoComplete?: string;
  min?: number;
}) {
  return (
    <Field label={label} error={error} {...(hint ? { hint } : {})}>
      {(p) =>
        rows ? (
          <textarea {...p} {...rest} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input {...p} {...rest} type={type} inputMode={inputMode} value={value} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </Field>
  );
}

/** A labelled select of fixed choices (`[value, catalogue message id]`); answers the chosen value. */
export function SelectField<V extends string>({
  label,
  error,
  value,
  options,
  onChange,
}: {
  label: string;
  error?: string | undefined;
  value: V;
  options: ReadonlyArray<readonly [V, string]>;
  onChange: (value: V) => void;
}) {
  return (
    <Field label={label} error={error}>
      {(p) => (
        <select
          {...p}
          value={value}
          onChange={(e) => {
            const chosen = options.find(([v]) => v === e.target.value);
            if (chosen) onChange(chosen[0]);
          }}
        >
          <Options table={options} />
        </select>
      )}
    </Field>
  );
}

/** An error about a group of fields (a list, a set of checkboxes), said at once; nothing without one. */
export function FieldError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="admin-field__error" role="alert">
      {message}
    </p>
  );
}

/** A checkbox with its label after it, bound to one flag of a form. */
export function CheckField({
  label,
  checked,
  onChange,
  describedBy,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  describedBy?: string;
}) {
  return (
    <label className="admin-check">
      <input type="checkbox" checked={checked} aria-describedby={describedBy} onChange={(e) => onChange(e.target.checked)} /> {label}
    </label>
  );
}

/**
 * A checkbox for each of a set's possible members (`[value, label]`, the label as shown), bound to
 * the list of those chosen; a member ticked is added at the end, one unticked taken out.
 */
export function CheckList<V extends string | number>({
  options,
  chosen,
  onChange,
  indented,
}: {
  options: ReadonlyArray<readonly [V, string]>;
  chosen: readonly V[];
  onChange: (chosen: V[]) => void;
  /** The members shown indented (a category's children under their parent). */
  indented?: (value: V) => boolean;
}) {
  return options.map(([value, label]) => (
    <label key={value} className="admin-check" style={indented?.(value) ? { paddingInlineStart: '1.25rem' } : undefined}>
      <input
        type="checkbox"
        checked={chosen.includes(value)}
        onChange={(e) => onChange(e.target.checked ? [...chosen, value] : chosen.filter((c) => c !== value))}
      />{' '}
      {label}
    </label>
  ));
}
