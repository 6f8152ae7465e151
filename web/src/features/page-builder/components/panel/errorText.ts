import { t } from '../../../../lib/i18n';
import { RestError } from '../../../../lib/rest/client';

/** A failed request's message for the panel. */
export const errorText = (e: unknown): string => (e instanceof RestError ? e.message : t('An unknown error occurred.'));
