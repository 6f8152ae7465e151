import { t } from '../../../../lib/i18n';
import { Field, FieldError, InputField, CheckField, SelectField } from '../../components/Field';
import type { WcTerm } from '../../../../generated/wire';
import { SmallButton } from '../../components/SmallButton';
import { DEFECT_DESCRIPTION_MAX } from '../../../../config/constants';
import {
  mediaTypeFor,
  withGeneratedVariations,
  type MediaForm,
  type ProductForm,
  type VariationForm,
} from '../../model/catalogue/productForm';
import type { ProductPanelProps } from './productPanel';
import { DeliveryTimeFields } from './DeliveryTimeFields';
import { StockFields } from './StockFields';
import { FieldPanel } from '../../components/Panel';

/** The variation's fields kept as typed text. */
type TextKey = { [K in keyof VariationForm]: VariationForm[K] extends string ? K : never }[keyof VariationForm];

/** A variable product's attributes and its variations (each with its prices, stock, image, media, deposit and sale price labels). */
export function Variations({
  form,
  set,
  setVariation,
  errors,
  classes,
}: ProductPanelProps & { setVariation: (i: number, p: Partial<VariationForm>) => void; classes: WcTerm[] }) {
  const classOptions: Array<[string, string]> = [['', t('Same as parent')], ...classes.map((c): [string, string] => [c.slug, c.name])];
  /** Binds a text field of variation `i`; its errors come as `variations.{i}.{server}`. */
  const bindVariation =
    (i: number) =>
    <K extends TextKey>(key: K, server: string) => ({
      value: form.variations[i]?.[key] ?? '',
      onChange: (value: string) => setVariation(i, { [key]: value }),
      error: errors[`variations.${i}.${server}`],
    });
  const setAttr = (i: number, patch: Partial<ProductForm['attributes'][number]>) =>
    set({ attributes: form.attributes.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  return (
    <>
      <FieldPanel legend={t('Attributes')}>
        <FieldError message={errors['attributes']} />
        {form.attributes.map((a, i) => (
          <div className="admin-row" key={i}>
            <Field label={t('Attribute name')} error={errors[`attributes.${i}`]}>
              {(p) => <input {...p} type="text" value={a.name} onChange={(e) => setAttr(i, { name: e.target.value })} />}
            </Field>
            <Field label={t('Values (separated by commas)')}>
              {(p) => <input {...p} type="text" value={a.options} onChange={(e) => setAttr(i, { options: e.target.value })} />}
            </Field>
            <CheckField label={t('Used for variations')} checked={a.variation} onChange={(checked) => setAttr(i, { variation: checked })} />
            <SmallButton onClick={() => set({ attributes: form.attributes.filter((_, j) => j !== i) })}>{t('Remove')}</SmallButton>
          </div>
        ))}
        <SmallButton onClick={() => set({ attributes: [...form.attributes, { name: '', options: '', variation: true }] })}>
          {t('Add attribute')}
        </SmallButton>{' '}
        <button type="button" className="button button--small" onClick={() => set(withGeneratedVariations(form))}>
          {t('Generate variations')}
        </button>
      </FieldPanel>
      <FieldPanel legend={t('Variations')}>
        {form.variations.length === 0 && <p>{t('No variations yet: add attributes and generate them.')}</p>}
        {form.variations.map((v, i) => {
          if (v.remove) return null;
          const field = bindVariation(i);
          const inherited = t("Empty: the product's.");
          return (
            <div className="admin-variation" key={v.id ?? `new-${i}`} data-testid="variation">
              <h3>{Object.values(v.attributes).join(' · ') || t('Any')}</h3>
              <FieldError message={errors[`variations.${i}`]} />
              <div className="admin-row">
                <InputField label={t('SKU')} {...field('sku', 'sku')} />
                <InputField label={t('Regular price (€)')} inputMode="decimal" {...field('regular', 'regular_price')} />
                <InputField label={t('Sale price (€)')} inputMode="decimal" {...field('sale', 'sale_price')} />
                <StockFields
                  stock={v.stock}
                  onChange={(stock) => setVariation(i, { stock })}
                  error={errors[`variations.${i}.stock_quantity`]}
                  label={t('Stock quantity')}
                />
                <InputField label={t('Content')} inputMode="decimal" {...field('unitContent', 'meta_data._unit_product')} />
                <DeliveryTimeFields bind={field} variation />
                <InputField
                  label={t('Defects (B-Ware)')}
                  hint={inherited}
                  maxLength={DEFECT_DESCRIPTION_MAX}
                  {...field('defectDescription', 'meta_data._defect_description')}
                />
                <SelectField label={t('Shipping class')} options={classOptions} {...field('shippingClass', 'shipping_class')} />
                <InputField label={t('Deposit type')} hint={inherited} {...field('depositType', 'meta_data._deposit_type')} />
                <InputField
                  label={t('Deposit units per item')}
                  inputMode="numeric"
                  {...field('depositQuantity', 'meta_data._deposit_quantity')}
                />
                <InputField label={t('Strike price label')} hint={inherited} {...field('saleLabel', 'meta_data._sale_price_label')} />
                <InputField
                  label={t('Sale price label')}
                  hint={inherited}
                  {...field('saleRegularLabel', 'meta_data._sale_price_regular_label')}
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
          );
        })}
      </FieldPanel>
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
      <CheckField
        label={t('Show the video when this variation is chosen')}
        checked={media.enabled}
        onChange={(checked) => onChange({ ...media, enabled: checked })}
      />
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
