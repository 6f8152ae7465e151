import { formatDate } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import { useApi } from '../components/useApi';
import { useLoad } from '../components/useLoad';
import { productStatusLabel } from '../model/choices';
import { LoadStatus } from '../components/LoadStatus';
import { TableHead } from '../../../components/TableHead';

/** The site's pages; each opens in the page editor on the page itself. */
export function Pages() {
  const api = useApi();
  const [load] = useLoad(() => api.pages.list('per_page=-1&context=edit&status=any'), 'pages');
  return (
    <>
      <h1>{t('Pages')}</h1>
      <LoadStatus load={load} />
      {load.state === 'ready' && (
        <table className="admin-table">
          <TableHead columns={[t('Title'), t('Status'), t('Last changed'), t('Actions')]} />
          <tbody>
            {load.value.map((p) => {
              const title = p.title.raw ?? p.title.rendered;
              const view = new URL(p.link);
              const edit = new URL(p.link);
              edit.searchParams.set('editor', '1');
              return (
                <tr key={p.id}>
                  <td>{title}</td>
                  <td>{productStatusLabel(p.status)}</td>
                  <td>{formatDate(p.modified)}</td>
                  <td className="admin-actions">
                    <a className="button button--small" href={edit.pathname + edit.search}>
                      {t('Edit')}
                    </a>
                    <a className="button button--small button--ghost" href={view.pathname + view.search}>
                      {t('View')}
                    </a>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}
