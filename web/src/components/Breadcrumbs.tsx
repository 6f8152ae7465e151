import { t } from '../lib/i18n';

export function Breadcrumbs({ items }: { items: Array<{ name: string; url: string }> }) {
  if (items.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('Breadcrumb')}>
      <ol>
        {items.map((b, i) => (
          <li key={b.url}>{i === items.length - 1 ? <span aria-current="page">{b.name}</span> : <a href={b.url}>{b.name}</a>}</li>
        ))}
      </ol>
    </nav>
  );
}
