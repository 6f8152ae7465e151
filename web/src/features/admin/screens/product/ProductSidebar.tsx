import { useState } from 'react';
import { t } from '../../../../lib/i18n';
import { FieldError, InputField, SelectField, CheckField, CheckList } from '../../components/Field';
import { MediaPicker } from '../../components/MediaPicker';
import { SmallButton } from '../../components/SmallButton';
import { StatusLine, type SaveStatus } from '../../components/useSave';
import { PRODUCT_STATUSES, VISIBILITIES } from '../../model/choices';
import type { ProductForm } from '../../model/catalogue/productForm';
import { ADMIN_PATHS } from '../../model/routes';
import type { WcCategory } from '../../../../generated/wire';
import type { Media } from '../../model/types';
import { bindProduct, type ProductPanelProps } from './productPanel';
import { FieldPanel } from '../../components/Panel';

/** Status, catalogue visibility, "featured", the save button and the save's status line. */
export function PublishPanel(props: ProductPanelProps & { busy: boolean; status: SaveStatus; permalink: string | undefined }) {
  const { form, set, busy, status, permalink } = props;
  const bind = bindProduct(props);
  return (
    <FieldPanel legend={t('Publish')}>
      <SelectField label={t('Status')} options={PRODUCT_STATUSES} {...bind('status', 'status')} />
      <SelectField label={t('Catalogue visibility')} options={VISIBILITIES} {...bind('visibility', 'catalog_visibility')} />
      <CheckField label={t('Featured product')} checked={form.featured} onChange={(checked) => set({ featured: checked })} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t('Saving…') : t('Save product')}
      </button>
      {permalink && (
        <p>
          <a href={permalink} target="_blank" rel="noopener">
            {t('Preview in the shop')}
          </a>
        </p>
      )}
      <StatusLine status={status} />
    </FieldPanel>
  );
}

/** The product's categories (ticked from the shop's tree) and its tags. */
export function CategoriesPanel(props: ProductPanelProps & { categories: WcCategory[] }) {
  const { form, set, errors, categories } = props;
  const bind = bindProduct(props);
  return (
    <FieldPanel legend={t('Categories')}>
      <FieldError message={errors['categories']} />
      {categories.length === 0 && <p>{t('No categories yet.')}</p>}
      <CheckList
        options={categories.map((c) => [c.id, c.name] as const)}
        chosen={form.categories}
        onChange={(chosen) => set({ categories: chosen })}
        indented={(id) => Boolean(categories.find((c) => c.id === id)?.parent)}
      />
      <InputField label={t('Tags')} hint={t('Separated by commas; new ones are made.')} {...bind('tags', 'tags')} />
    </FieldPanel>
  );
}

/** The product's images: the first is the main one; moved, removed, or picked from the media library. */
export function ImagesPanel({ form, set, errors, onPick }: ProductPanelProps & { onPick: (m: Media) => void }) {
  const [picking, setPicking] = useState(false);
  return (
    <FieldPanel legend={t('Images')}>
      <FieldError message={errors['images']} />
      <ul className="admin-images">
        {form.images.map((img, i) => (
          <li key={img.id}>
            <img src={img.src} alt="" width={80} height={80} />
            {img.alt.trim() === '' && (
              <a className="admin-field__warning" href={ADMIN_PATHS.media}>
                {t('No alternative text')}
              </a>
            )}
            {i === 0 ? (
              <span className="admin-muted">{t('Main image')}</span>
            ) : (
              <SmallButton onClick={() => set({ images: [img, ...form.images.filter((x) => x.id !== img.id)] })}>
                {t('Make main image')}
              </SmallButton>
            )}
            {i > 0 && (
              <SmallButton
                label={t('Move image %d forward', i + 1)}
                onClick={() => set({ images: form.images.map((x, j) => (j === i - 1 ? img : j === i ? form.images[i - 1]! : x)) })}
              >
                ←
              </SmallButton>
            )}
            <SmallButton label={t('Remove image %d', i + 1)} onClick={() => set({ images: form.images.filter((x) => x.id !== img.id) })}>
              {t('Remove')}
            </SmallButton>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--small" aria-expanded={picking} onClick={() => setPicking(!picking)}>
        {t('Add images')}
      </button>
      {picking && <MediaPicker chosen={form.images.map((i) => i.id)} onPick={onPick} />}
    </FieldPanel>
  );
}

/** The form with a picked image added (once). */
export function withImage(f: ProductForm, m: Media): ProductForm {
  return f.images.some((i) => i.id === m.id) ? f : { ...f, images: [...f.images, { id: m.id, src: m.source_url, alt: m.alt_text }] };
}
