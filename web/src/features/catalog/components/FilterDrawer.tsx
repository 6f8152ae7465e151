import type { ListingFilterView } from '../../../generated/wire';
import { useModalDialog } from '../../../components/useModalDialog';
import { t } from '../../../lib/i18n';
import { Filters } from './Filters';

/** The listing's filters in a drawer from the side, on phones and small tablets (a modal dialog: focus stays in it, Escape closes). */
export function FilterDrawer({
  open,
  onClose,
  filter,
  action,
  search,
  orderby,
}: {
  open: boolean;
  onClose: () => void;
  filter: ListingFilterView;
  action: string;
  search: string;
  orderby: string;
}) {
  const dialog = useModalDialog(open, onClose);
  return (
    <dialog {...dialog} className="filter-drawer" aria-labelledby="drawer-filter-title">
      <button type="button" className="filter-drawer__close" aria-label={t('Close filters')} onClick={onClose}>
        ×
      </button>
      <Filters filter={filter} action={action} search={search} orderby={orderby} idPrefix="drawer-" />
    </dialog>
  );
}
