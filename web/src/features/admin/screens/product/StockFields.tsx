import { t } from '../../../../lib/i18n';
import { Field, CheckField } from '../../components/Field';
import type { StockForm } from '../../model/catalogue/productForm';

/** "Track stock" and, when tracked, the quantity: of a product or of one variation. */
export function StockFields({
  stock,
  onChange,
  error,
  label,
}: {
  stock: StockForm;
  onChange: (s: StockForm) => void;
  error: string | undefined;
  label: string;
}) {
  return (
    <div className="admin-stock">
      <CheckField label={t('Track stock')} checked={stock.manage} onChange={(checked) => onChange({ ...stock, manage: checked })} />
      {stock.manage && (
        <Field label={label} error={error}>
          {(p) => (
            <input
              {...p}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={stock.quantity}
              onChange={(e) => onChange({ ...stock, quantity: e.target.value })}
            />
          )}
        </Field>
      )}
    </div>
  );
}
