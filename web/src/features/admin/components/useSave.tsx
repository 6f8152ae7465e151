import { useState, type FormEvent } from 'react';
import { useFirstInvalidFocus } from '../../../components/useFirstInvalidFocus';
import { t } from '../../../lib/i18n';
import { errorMessage, fieldErrors } from '../model/errors';

/** What the last save said: a confirmation (`role="status"`) or an error (`role="alert"`). */
export type SaveStatus = { error: boolean; text: string } | null;
export type FormErrors = Record<string, string>;

/** The line under a staff form that says how its last save went. */
export function StatusLine({ status }: { status: SaveStatus }) {
  if (!status) return null;
  return (
    <p className={status.error ? 'admin-field__error' : 'admin-saved'} role={status.error ? 'alert' : 'status'}>
      {status.text}
    </p>
  );
}

/**
 * A staff form's save: the form's own check first (its errors marked, focus on the first), then
 * busy while the request runs; the fields the server refused are marked (`toErrors` reads them from
 * the error), and what was typed stays.
 */
export function useSave(toErrors: (e: unknown) => FormErrors = fieldErrors) {
  const [status, setStatus] = useState<SaveStatus>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const { ref: formRef, focusFirstInvalid } = useFirstInvalidFocus<HTMLFormElement>();

  /**
   * Checks `local`, then runs `send`, whose answer is the confirmation to show (or a status of its own,
   * e.g. a save that went through in part; `null` when the page is left).
   */
  async function save(local: FormErrors, send: () => Promise<string | SaveStatus>) {
    setStatus(null);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setStatus({ error: true, text: t('Please correct the marked fields.') });
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      const said = await send();
      setStatus(typeof said === 'string' ? { error: false, text: said } : said);
    } catch (e) {
      setErrors(toErrors(e));
      focusFirstInvalid();
      setStatus({ error: true, text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  }

  /** The form's `onSubmit`: no page load, `run` instead. */
  const onSubmit = (run: () => Promise<void>) => (e: FormEvent) => {
    e.preventDefault();
    void run();
  };

  return { status, busy, errors, formRef, save, onSubmit };
}
