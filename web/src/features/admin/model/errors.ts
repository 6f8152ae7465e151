import { RestError } from '../../../lib/rest/client';
import { t } from '../../../lib/i18n';

/** Field messages of a `rest_invalid_param` answer (`data.params`), by field name. */
export function fieldErrors(e: unknown): Record<string, string> {
  if (!(e instanceof RestError) || typeof e.data !== 'object' || e.data === null) return {};
  const params = (e.data as { params?: unknown }).params;
  if (typeof params !== 'object' || params === null) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** The German message to show for a failed request. */
export function errorMessage(e: unknown): string {
  if (e instanceof RestError) return e.message;
  return t('An unknown error occurred.');
}
