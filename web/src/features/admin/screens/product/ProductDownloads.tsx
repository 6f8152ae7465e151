import { t } from '../../../../lib/i18n';
import { FieldError, InputField, CheckField } from '../../components/Field';
import type { DownloadForm } from '../../model/catalogue/productForm';
import { bindProduct, type ProductPanelProps } from './productPanel';
import { SmallButton } from '../../components/SmallButton';
import { FieldPanel } from '../../components/Panel';

/** A simple product's files (WooCommerce's "Herunterladbar"): names, addresses, limit and expiry. */
export function ProductDownloads(props: ProductPanelProps) {
  const { form, set, errors } = props;
  const bind = bindProduct(props);
  const setFile = (i: number, patch: Partial<DownloadForm>) =>
    set({ downloads: form.downloads.map((d, j) => (j === i ? { ...d, ...patch } : d)) });
  return (
    <FieldPanel legend={t('Downloads')}>
      <CheckField
        label={t('Downloadable (files after payment)')}
        checked={form.downloadable}
        onChange={(downloadable) =>
          set({
            downloadable,
            // A new downloadable product starts with one empty file row.
            downloads: downloadable && form.downloads.length === 0 ? [{ id: '', name: '', file: '' }] : form.downloads,
          })
        }
      />
      {form.downloadable && (
        <>
          <FieldError message={errors['downloads']} />
          {form.downloads.map((d, i) => (
            <div className="admin-row" key={d.id === '' ? `new-${i}` : d.id}>
              <InputField
                label={t('File name')}
                error={errors[`downloads.${i}.name`]}
                value={d.name}
                onChange={(name) => setFile(i, { name })}
              />
              <InputField
                label={t('File address')}
                hint={t('An https address or a path below /uploads/.')}
                error={errors[`downloads.${i}.file`]}
                value={d.file}
                onChange={(file) => setFile(i, { file })}
              />
              <SmallButton onClick={() => set({ downloads: form.downloads.filter((_, j) => j !== i) })}>
                {t('Remove file %d', i + 1)}
              </SmallButton>
            </div>
          ))}
          <p>
            <button
              type="button"
              className="button button--small"
              onClick={() => set({ downloads: [...form.downloads, { id: '', name: '', file: '' }] })}
            >
              {t('Add file')}
            </button>
          </p>
          <div className="admin-row">
            <InputField
              label={t('Download limit')}
              hint={t('Empty: unlimited.')}
              inputMode="numeric"
              {...bind('downloadLimit', 'download_limit')}
            />
            <InputField
              label={t('Download expiry (days)')}
              hint={t('Empty: never.')}
              inputMode="numeric"
              {...bind('downloadExpiry', 'download_expiry')}
            />
          </div>
        </>
      )}
    </FieldPanel>
  );
}
