import { t } from '../../../lib/i18n';
import type { Load } from './useLoad';

/** What a screen shows while its data loads or when loading failed; nothing once it is ready. */
export function LoadStatus({ load }: { load: Load<unknown> }) {
  if (load.state === 'loading') return <p>{t('Loading…')}</p>;
  if (load.state === 'failed') return <p className="notice notice--error">{load.message}</p>;
  return null;
}
