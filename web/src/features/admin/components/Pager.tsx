import { t } from '../../../lib/i18n';

/** Previous / next page of a listing. */
export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (n: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="admin-pagination" aria-label={t('Pages')}>
      <button type="button" className="button button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('Previous page')}
      </button>
      <span>{t('Page %1$d of %2$d', page, totalPages)}</span>
      <button type="button" className="button button--small" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('Next page')}
      </button>
    </nav>
  );
}
