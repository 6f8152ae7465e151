import type { OrderData } from '../../../lib/types';
import { formatDate } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import { TableHead } from '../../../components/TableHead';

/** A paid order's files: each with its link, the downloads left and until when. */
export function OrderDownloads({ downloads }: { downloads: OrderData['extensions']['laden']['downloads'] }) {
  if (downloads.length === 0) return null;
  return (
    <section className="order-downloads" aria-labelledby="order-downloads-title">
      <h2 id="order-downloads-title">{t('Downloads')}</h2>
      <table className="cart-table">
        <TableHead columns={[t('Product'), t('File'), t('Downloads remaining'), t('Expires')]} />
        <tbody>
          {downloads.map((d) => (
            <tr key={d.url}>
              <td data-title={t('Product')}>{d.product_name}</td>
              <td data-title={t('File')}>
                <a href={d.url} download>
                  {d.name}
                </a>
              </td>
              <td data-title={t('Downloads remaining')}>{d.downloads_remaining === null ? t('Unlimited') : d.downloads_remaining}</td>
              <td data-title={t('Expires')}>{d.access_expires === null ? t('Never') : formatDate(d.access_expires)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
