import { useEffect, useState } from 'react';
import { t } from '../../../lib/i18n';
import { batchErrors } from '../../../lib/staff/staffApi';
import { useApi } from '../AdminScreens';
import { Field, FieldError, InputField, SelectField } from '../components/Field';
import { MediaPicker } from '../components/MediaPicker';
import { ProductShipping } from './ProductShipping';
import { ProductDownloads } from './ProductDownloads';
import { ProductSaleTax } from './ProductSaleTax';
import { useLoad } from '../components/useLoad';
import {
  emptyForm,
  formFromProduct,
  mediaTypeFor,
  toPayload,
  UNITS,
  withGeneratedVariations,
  type MediaForm,
  type ProductForm,
  type StockForm,
  type VariationForm,
} from '../model/productForm';
import { ADMIN_PATHS, productPath } from '../model/routes';
import type { WcVariation } from '../model/types';
import { LoadStatus } from '../components/LoadStatus';
import { StatusLine, useSave } from '../components/useSave';
import { bindProduct, type ProductPanelProps } from './productPanel';
import { SmallButton } from '../components/SmallButton';
import { DELIVERY_TIME_MAX } from '../../../config/constants';
import { PRODUCT_STATUSES, PRODUCT_TYPES, VISIBILITIES } from '../model/choices';

function StockFields({
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
      <label className="admin-check">
        <input type="checkbox" checked={stock.manage} onChange={(e) => onChange({ ...stock, manage: e.target.checked })} />{' '}
        {t('Track stock')}
      </label>
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

/** Create or edit a simple or variable product. A failed save keeps everything typed. */

export function ProductEditor({ id }: { id: number | null }) {
  const api = useApi();
  const [load, reload] = useLoad(
    async () => {
      const categories = await api.categories.all();
      if (id === null) return { product: null, variations: [] as WcVariation[], categories };
      const product = await api.products.get(id);
      const variations = product.type === 'variable' ? await api.products.variations(id) : [];
      return { product, variations, categories };
    },
    `product-${id ?? 'new'}`,
  );
  const [form, setForm] = useState<ProductForm>(emptyForm);
  const { status, busy, errors, formRef, save, onSubmit } = useSave();
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    if (load.state === 'ready' && load.value.product) setForm(formFromProduct(load.value.product, load.value.variations));
  }, [load]);

  if (load.state !== 'ready') return <LoadStatus load={load} />;
  const { product, categories } = load.value;
  const set = (patch: Partial<ProductForm>) => setForm({ ...form, ...patch });
  const bind = bindProduct({ form, set, errors });
  const setVariation = (i: number, patch: Partial<VariationForm>) =>
    set({ variations: form.variations.map((v, j) => (j === i ? { ...v, ...patch } : v)) });

  async function submit() {
    const { product: body, batch, errors: local } = toPayload(form);
    await save(local, async () => {
      const saved = id === null ? await api.products.create(body) : await api.products.update(id, body);
      if (form.type === 'variable' && (batch.create.length || batch.update.length || batch.delete.length)) {
        const res = await api.products.batchVariations(saved.id, batch);
        const failed = [...batchErrors(res.create), ...batchErrors(res.update)];
        if (failed.length > 0) {
          if (id === null) window.location.assign(productPath(saved.id));
          else reload();
          return { error: true, text: `${t('Some variations were not saved:')} ${failed.join(' ')}` };
        }
      }
      if (id === null) {
        window.location.assign(`${productPath(saved.id)}?gespeichert=1`);
        return null;
      }
      reload();
      return t('Product saved.');
    });
  }

  const justCreated = typeof window !== 'undefined' && window.location.search.includes('gespeichert=1');
  return (
    <form ref={formRef} className="admin-form" noValidate onSubmit={onSubmit(submit)}>
      <p>
        <a href={ADMIN_PATHS.products}>← {t('All products')}</a>
      </p>
      <h1>{id === null ? t('Add product') : t('Edit product')}</h1>
      {justCreated && !status && (
        <p className="admin-saved" role="status">
          {t('Product saved.')}
        </p>
      )}
      <div className="admin-columns admin-columns--main">
        <div>
          <InputField label={t('Name')} required {...bind('name', 'name')} />
          <div className="admin-row">
            <SelectField label={t('Product type')} options={PRODUCT_TYPES} {...bind('type', 'type')} />
            <InputField label={t('SKU')} {...bind('sku', 'sku')} />
          </div>
          {form.type === 'external' && (
            <div className="admin-row">
              <InputField label={t('Product URL')} type="url" {...bind('externalUrl', 'external_url')} />
              <InputField label={t('Button text')} {...bind('buttonText', 'button_text')} />
            </div>
          )}
          {form.type === 'grouped' && (
            <InputField label={t('Grouped products (IDs)')} inputMode="numeric" {...bind('groupedIds', 'grouped_products')} />
          )}
          {form.type === 'simple' && (
            <label className="admin-check">
              <input type="checkbox" checked={form.isVirtual} onChange={(e) => set({ isVirtual: e.target.checked })} />{' '}
              {t('Virtual (no shipping)')}
            </label>
          )}
          {(form.type === 'simple' || form.type === 'external') && (
            <div className="admin-row">
              <InputField label={t('Regular price (€)')} inputMode="decimal" {...bind('regular', 'regular_price')} />
              <InputField label={t('Sale price (€)')} inputMode="decimal" {...bind('sale', 'sale_price')} />
              <StockFields
                stock={form.stock}
                onChange={(stock) => set({ stock })}
                error={errors['stock_quantity']}
                label={t('Stock quantity')}
              />
            </div>
          )}
          <ProductSaleTax form={form} set={set} errors={errors} />
          {form.type === 'simple' && <ProductDownloads form={form} set={set} errors={errors} />}
          <InputField label={t('Short description')} rows={3} {...bind('shortDescription', 'short_description')} />
          <InputField label={t('Description')} rows={6} {...bind('description', 'description')} />
          {form.type === 'variable' && <Variations form={form} set={set} setVariation={setVariation} errors={errors} />}
          <ProductShipping form={form} set={set} errors={errors} />
          <fieldset className="admin-panel">
            <legend>{t('Unit price (Grundpreis)')}</legend>
            <div className="admin-row">
              <Field label={t('Unit')} error={errors['meta_data._unit']}>
                {(p) => (
                  <select {...p} value={form.unit} onChange={(e) => set({ unit: e.target.value })}>
                    <option value="">{t('None')}</option>
                    {UNITS.map((u) => (
                      <option key={u} value={u}>
                        {u}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <InputField
                label={t('Content')}
                hint={form.type === 'variable' ? t('Variations can give their own.') : undefined}
                inputMode="decimal"
                {...bind('unitContent', 'meta_data._unit_product')}
              />
              <InputField
                label={t('Delivery time')}
                hint={t("Empty: the shop's default delivery time.")}
                maxLength={DELIVERY_TIME_MAX}
                {...bind('deliveryTime', 'meta_data.laden_delivery_time')}
              />
              <InputField
                label={t('Reference amount')}
                hint={t('Empty: 1 kg, 1 l, 1 m or 1 piece (PAngV); for example 100 for 100 g.')}
                inputMode="decimal"
                {...bind('unitBase', 'meta_data._unit_base')}
              />
            </div>
          </fieldset>
          <fieldset className="admin-panel">
            <legend>{t('Search engines')}</legend>
            <InputField
              label={t('SEO title')}
              hint={t('Empty: the product name and the shop name.')}
              maxLength={120}
              value={form.seoTitle}
              onChange={(seoTitle) => set({ seoTitle })}
            />
            <InputField
              label={t('SEO description')}
              hint={t('Empty: the short description.')}
              rows={2}
              maxLength={320}
              value={form.seoDescription}
              onChange={(seoDescription) => set({ seoDescription })}
            />
          </fieldset>
        </div>
        <div>
          <fieldset className="admin-panel">
            <legend>{t('Publish')}</legend>
            <SelectField label={t('Status')} options={PRODUCT_STATUSES} {...bind('status', 'status')} />
            <SelectField label={t('Catalogue visibility')} options={VISIBILITIES} {...bind('visibility', 'catalog_visibility')} />
            <label className="admin-check">
              <input type="checkbox" checked={form.featured} onChange={(e) => set({ featured: e.target.checked })} />{' '}
              {t('Featured product')}
            </label>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t('Saving…') : t('Save product')}
            </button>
            {product && (
              <p>
                <a href={product.permalink} target="_blank" rel="noopener">
                  {t('Preview in the shop')}
                </a>
              </p>
            )}
            <StatusLine status={status} />
          </fieldset>
          <fieldset className="admin-panel">
            <legend>{t('Categories')}</legend>
            <FieldError message={errors['categories']} />
            {categories.length === 0 && <p>{t('No categories yet.')}</p>}
            {categories.map((c) => (
              <label key={c.id} className="admin-check" style={{ paddingInlineStart: c.parent ? '1.25rem' : undefined }}>
                <input
                  type="checkbox"
                  checked={form.categories.includes(c.id)}
                  onChange={(e) =>
                    set({ categories: e.target.checked ? [...form.categories, c.id] : form.categories.filter((x) => x !== c.id) })
                  }
                />{' '}
                {c.name}
              </label>
            ))}
            <InputField label={t('Tags')} hint={t('Separated by commas; new ones are made.')} {...bind('tags', 'tags')} />
          </fieldset>
          <fieldset className="admin-panel">
            <legend>{t('Images')}</legend>
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
                  <SmallButton
                    label={t('Remove image %d', i + 1)}
                    onClick={() => set({ images: form.images.filter((x) => x.id !== img.id) })}
                  >
                    {t('Remove')}
                  </SmallButton>
                </li>
              ))}
            </ul>
            <button type="button" className="button button--small" aria-expanded={picking} onClick={() => setPicking(!picking)}>
              {t('Add images')}
            </button>
            {picking && (
              <MediaPicker
                chosen={form.images.map((i) => i.id)}
                onPick={(m) =>
                  setForm((f) =>
                    f.images.some((i) => i.id === m.id)
                      ? f
                      : { ...f, images: [...f.images, { id: m.id, src: m.source_url, alt: m.alt_text }] },
                  )
                }
              />
            )}
          </fieldset>
        </div>
      </div>
    </form>
  );
}

function Variations({
  form,
  set,
  setVariation,
  errors,
}: ProductPanelProps & { setVariation: (i: number, p: Partial<VariationForm>) => void }) {
  /** Binds a text field of variation `i`; its errors come as `variations.{i}.{server}`. */
  const bindVariation =
    (i: number) =>
    <K extends 'sku' | 'regular' | 'sale' | 'unitContent' | 'deliveryTime'>(key: K, server: string) => ({
      value: form.variations[i]?.[key] ?? '',
      onChange: (value: string) => setVariation(i, { [key]: value }),
      error: errors[`variations.${i}.${server}`],
    });
  const setAttr = (i: number, patch: Partial<ProductForm['attributes'][number]>) =>
    set({ attributes: form.attributes.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  return (
    <>
      <fieldset className="admin-panel">
        <legend>{t('Attributes')}</legend>
        <FieldError message={errors['attributes']} />
        {form.attributes.map((a, i) => (
          <div className="admin-row" key={i}>
            <Field label={t('Attribute name')} error={errors[`attributes.${i}`]}>
              {(p) => <input {...p} type="text" value={a.name} onChange={(e) => setAttr(i, { name: e.target.value })} />}
            </Field>
            <Field label={t('Values (separated by commas)')}>
              {(p) => <input {...p} type="text" value={a.options} onChange={(e) => setAttr(i, { options: e.target.value })} />}
            </Field>
            <label className="admin-check">
              <input type="checkbox" checked={a.variation} onChange={(e) => setAttr(i, { variation: e.target.checked })} />{' '}
              {t('Used for variations')}
            </label>
            <SmallButton onClick={() => set({ attributes: form.attributes.filter((_, j) => j !== i) })}>{t('Remove')}</SmallButton>
          </div>
        ))}
        <SmallButton onClick={() => set({ attributes: [...form.attributes, { name: '', options: '', variation: true }] })}>
          {t('Add attribute')}
        </SmallButton>{' '}
        <button type="button" className="button button--small" onClick={() => set(withGeneratedVariations(form))}>
          {t('Generate variations')}
        </button>
      </fieldset>
      <fieldset className="admin-panel">
        <legend>{t('Variations')}</legend>
        {form.variations.length === 0 && <p>{t('No variations yet: add attributes and generate them.')}</p>}
        {form.variations.map((v, i) =>
          v.remove ? null : (
            <div className="admin-variation" key={v.id ?? `new-${i}`} data-testid="variation">
              <h3>{Object.values(v.attributes).join(' · ') || t('Any')}</h3>
              <FieldError message={errors[`variations.${i}`]} />
              <div className="admin-row">
                <InputField label={t('SKU')} {...bindVariation(i)('sku', 'sku')} />
                <InputField label={t('Regular price (€)')} inputMode="decimal" {...bindVariation(i)('regular', 'regular_price')} />
                <InputField label={t('Sale price (€)')} inputMode="decimal" {...bindVariation(i)('sale', 'sale_price')} />
                <StockFields
                  stock={v.stock}
                  onChange={(stock) => setVariation(i, { stock })}
                  error={errors[`variations.${i}.stock_quantity`]}
                  label={t('Stock quantity')}
                />
                <InputField label={t('Content')} inputMode="decimal" {...bindVariation(i)('unitContent', 'meta_data._unit_product')} />
                <InputField
                  label={t('Delivery time')}
                  hint={t("Empty: the product's delivery time.")}
                  maxLength={DELIVERY_TIME_MAX}
                  {...bindVariation(i)('deliveryTime', 'meta_data.laden_delivery_time')}
                />
                <Field label={t('Image')}>
                  {(p) => (
                    <select
                      {...p}
                      value={v.imageId ?? ''}
                      onChange={(e) => setVariation(i, { imageId: e.target.value ? Number(e.target.value) : null })}
                    >
                      <option value="">{t('Product image')}</option>
                      {form.images.map((img, n) => (
                        <option key={img.id} value={img.id}>
                          {t('Image %d', n + 1)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <SmallButton onClick={() => setVariation(i, { remove: true })}>{t('Remove')}</SmallButton>
              </div>
              <VariationMedia
                media={v.media}
                images={form.images}
                error={errors[`variations.${i}.meta_data.laden_attached_media`]}
                onChange={(media) => setVariation(i, { media })}
              />
            </div>
          ),
        )}
      </fieldset>
    </>
  );
}

/** A variation's attached media: a video or embed shown instead of the first gallery image while it is chosen. */
function VariationMedia({
  media,
  images,
  error,
  onChange,
}: {
  media: MediaForm;
  images: ProductForm['images'];
  error: string | undefined;
  onChange: (m: MediaForm) => void;
}) {
  const type = mediaTypeFor(media.source);
  return (
    <details className="admin-variation__media" open={media.enabled || error !== undefined}>
      <summary>{t('Video instead of the first image')}</summary>
      <label className="admin-check">
        <input type="checkbox" checked={media.enabled} onChange={(e) => onChange({ ...media, enabled: e.target.checked })} />{' '}
        {t('Show the video when this variation is chosen')}
      </label>
      <div className="admin-row">
        <Field
          label={t('Video address or embed code')}
          hint={
            type === 'iframe'
              ? t('Shown as an embedded player.')
              : type === 'video'
                ? t('Shown as a video.')
                : t('A video file (MP4, WebM) or a YouTube or Vimeo embed address.')
          }
          error={error}
        >
          {(p) => <input {...p} type="text" value={media.source} onChange={(e) => onChange({ ...media, source: e.target.value })} />}
        </Field>
        <Field label={t('Poster image')}>
          {(p) => (
            <select
              {...p}
              value={media.posterId ?? ''}
              onChange={(e) => onChange({ ...media, posterId: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">{t('None')}</option>
              {images.map((img, n) => (
                <option key={img.id} value={img.id}>
                  {t('Image %d', n + 1)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </details>
  );
}
