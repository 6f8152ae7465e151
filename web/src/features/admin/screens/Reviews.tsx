import { useState } from 'react';
import { formatDate } from '../../../lib/format/money';
import { t } from '../../../lib/i18n';
import { useApi } from '../components/useApi';
import { Pager } from '../components/Pager';
import { useLoad } from '../components/useLoad';
import { errorMessage } from '../model/errors';
import { LoadStatus } from '../components/LoadStatus';
import { TableHead } from '../../../components/TableHead';
import { SmallButton } from '../components/SmallButton';
import { FieldError } from '../components/Field';
import { REVIEW_TABS } from '../model/choices';

interface WcReview {
  id: number;
  date_created: string;
  product_id: number;
  product_name: string;
  status: string;
  reviewer: string;
  reviewer_email: string;
  review: string;
  rating: number;
  verified: boolean;
}

/** Review moderation: approve, hold back, spam, trash, delete. */
export function Reviews() {
  const api = useApi();
  const [status, setStatus] = useState('all');
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState('');
  const [load, reload] = useLoad(() => api.reviews.page(`status=${status}&per_page=20&page=${page}`), `${status}-${page}`);
  async function act(r: WcReview, action: string) {
    setMessage('');
    try {
      if (action === 'delete') await api.reviews.remove(r.id, true);
      else await api.reviews.update(r.id, { status: action });
      reload();
    } catch (e) {
      setMessage(errorMessage(e));
    }
  }
  return (
    <>
      <h1>{t('Reviews')}</h1>
      <ul className="admin-filters" aria-label={t('Filter by status')}>
        {REVIEW_TABS.map(([s, label]) => (
          <li key={s}>
            <button
              type="button"
              className="admin-filter"
              aria-pressed={status === s}
              onClick={() => {
                setStatus(s);
                setPage(1);
              }}
            >
              {t(label)}
            </button>
          </li>
        ))}
      </ul>
      <FieldError message={message} />
      <LoadStatus load={load} />
      {load.state === 'ready' && load.value.items.length === 0 && <p>{t('No reviews found.')}</p>}
      {load.state === 'ready' && load.value.items.length > 0 && (
        <table className="admin-table">
          <TableHead columns={[t('Review'), t('Product'), t('Rating'), t('Actions')]} />
          <tbody>
            {load.value.items.map((r) => (
              <tr key={r.id} data-testid="review">
                <td>
                  <strong>{r.reviewer}</strong> <span className="admin-muted">{formatDate(r.date_created)}</span>
                  <p dangerouslySetInnerHTML={{ __html: r.review }} />
                </td>
                <td>{r.product_name}</td>
                <td>{t('%d of 5', r.rating)}</td>
                <td className="admin-actions">
                  {r.status !== 'approved' && (
                    <button type="button" className="button button--small" onClick={() => void act(r, 'approved')}>
                      {t('Approve')}
                    </button>
                  )}
                  {r.status === 'approved' && <SmallButton onClick={() => void act(r, 'hold')}>{t('Unapprove')}</SmallButton>}
                  {r.status !== 'spam' && <SmallButton onClick={() => void act(r, 'spam')}>{t('Spam')}</SmallButton>}
                  {r.status !== 'trash' ? (
                    <SmallButton onClick={() => void act(r, 'trash')}>{t('Trash')}</SmallButton>
                  ) : (
                    <SmallButton onClick={() => void act(r, 'delete')}>{t('Delete permanently')}</SmallButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {load.state === 'ready' && <Pager page={page} totalPages={load.value.totalPages} onPage={setPage} />}
    </>
  );
}
