import { t } from '../lib/i18n';

export function Stars({ rating }: { rating: number }) {
  const pct = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span className="stars" role="img" aria-label={t('Rated %s out of 5', rating.toFixed(1).replace('.', ','))}>
      <span className="stars__fill" style={{ width: `${pct}%` }} />
    </span>
  );
}
