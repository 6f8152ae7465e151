import { t } from '../../../../lib/i18n';
import { batchErrors } from '../../../../lib/staff/staffApi';
import { useApi } from '../../components/useApi';
import { InputField, SelectField, CheckField } from '../../components/Field';
import { LoadStatus } from '../../components/LoadStatus';
import { useLoad, useLoadedForm } from '../../components/useLoad';
import { useSave } from '../../components/useSave';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '../../../../config/constants';
import { PRODUCT_TYPES } from '../../model/choices';
import { emptyForm, formFromProduct, toPayload, UNITS, type ProductForm, type VariationForm } from '../../model/catalogue/productForm';
import { ADMIN_PATHS, productPath } from '../../model/routes';
import type { WcVariation } from '../../model/types';
import { bindProduct, type ProductPanelProps } from './productPanel';
import { DeliveryTimeFields } from './DeliveryTimeFields';
import { ProductDownloads } from './ProductDownloads';
import { ProductSaleTax } from './ProductSaleTax';
import { ProductShipping } from './ProductShipping';
import { ProductDeposit } from './ProductDeposit';
import { ProductSafety } from './ProductSafety';
import { ProductFood } from './ProductFood';
import { ProductSpecialGoods } from './ProductSpecialGoods';
import { CategoriesPanel, ImagesPanel, PublishPanel, withImage } from './ProductSidebar';
import { Variations } from './ProductVariations';
import { StockFields } from './StockFields';
import { FieldPanel } from '../../components/Panel';

/** Create or edit a simple or variable product. A failed save keeps everything typed. */

export function ProductEditor({ id }: { id: number | null }) {
  const api = useApi();
  const [load, reload] = useLoad(
    async () => {
      const [categories, shippingClasses] = await Promise.all([api.categories.all(), api.shippingClasses.all()]);
      if (id === null) return { product: null, variations: [] as WcVariation[], categories, shippingClasses };
      const product = await api.products.get(id);
      const variations = product.type === 'variable' ? await api.products.variations(id) : [];
      return { product, variations, categories, shippingClasses };
    },
    `product-${id ?? 'new'}`,
  );
  const [form, setForm] = useLoadedForm(load, (v) => (v.product ? formFromProduct(v.product, v.variations) : emptyForm()));
  const { status, busy, errors, formRef, save, onSubmit } = useSave();

  if (load.state !== 'ready') return <LoadStatus load={load} />;
  if (!form) return null;
  const { product, categories, shippingClasses } = load.value;
  const set = (patch: Partial<ProductForm>) => setForm({ ...form, ...patch });
  const bind = bindProduct({ form, set, errors });
  const setVariation = (i: number, patch: Partial<VariationForm>) =>
    set({ variations: form.variations.map((v, j) => (j === i ? { ...v, ...patch } : v)) });

  const submit = async () => {
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
  };

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
            <CheckField label={t('Virtual (no shipping)')} checked={form.isVirtual} onChange={(checked) => set({ isVirtual: checked })} />
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
          {form.type === 'variable' && (
            <Variations form={form} set={set} setVariation={setVariation} errors={errors} classes={shippingClasses} />
          )}
          <ProductShipping form={form} set={set} errors={errors} classes={shippingClasses} />
          {/* Only what the shop's own checkout sells: an external product is bought elsewhere, a grouped one by its products. */}
          {(form.type === 'simple' || form.type === 'variable') && <ProductSpecialGoods form={form} set={set} errors={errors} />}
          <ProductSafety form={form} set={set} errors={errors} />
          {form.type !== 'grouped' && form.type !== 'external' && <ProductDeposit form={form} set={set} errors={errors} />}
          <ProductFood form={form} set={set} errors={errors} />
          <UnitPricePanel form={form} set={set} errors={errors} />
          <SeoPanel form={form} set={set} errors={errors} />
        </div>
        <div>
          <PublishPanel form={form} set={set} errors={errors} busy={busy} status={status} permalink={product?.permalink} />
          <CategoriesPanel form={form} set={set} errors={errors} categories={categories} />
          <ImagesPanel form={form} set={set} errors={errors} onPick={(m) => setForm((f) => withImage(f, m))} />
        </div>
      </div>
    </form>
  );
}

/** The Grundpreis (PAngV): unit, content and reference amount; and the delivery time. */
function UnitPricePanel(props: ProductPanelProps) {
  const { form, set, errors } = props;
  const bind = bindProduct(props);
  return (
    <FieldPanel legend={t('Unit price (Grundpreis)')}>
      <div className="admin-row">
        <SelectField
          label={t('Unit')}
          error={errors['meta_data._unit']}
          value={form.unit}
          options={[['', 'None'], ...UNITS.map((u) => [u, u] as const)]}
          onChange={(unit) => set({ unit })}
        />
        <InputField
          label={t('Content')}
          hint={form.type === 'variable' ? t('Variations can give their own.') : undefined}
          inputMode="decimal"
          {...bind('unitContent', 'meta_data._unit_product')}
        />
        <DeliveryTimeFields bind={bind} />
        <InputField
          label={t('Reference amount')}
          hint={t('Empty: 1 kg, 1 l, 1 m or 1 piece (PAngV); for example 100 for 100 g.')}
          inputMode="decimal"
          {...bind('unitBase', 'meta_data._unit_base')}
        />
      </div>
    </FieldPanel>
  );
}

/** The title and description search engines show. */
function SeoPanel({ form, set }: ProductPanelProps) {
  return (
    <FieldPanel legend={t('Search engines')}>
      <InputField
        label={t('SEO title')}
        hint={t('Empty: the product name and the shop name.')}
        maxLength={SEO_TITLE_MAX}
        value={form.seoTitle}
        onChange={(seoTitle) => set({ seoTitle })}
      />
      <InputField
        label={t('SEO description')}
        hint={t('Empty: the short description.')}
        rows={2}
        maxLength={SEO_DESCRIPTION_MAX}
        value={form.seoDescription}
        onChange={(seoDescription) => set({ seoDescription })}
      />
    </FieldPanel>
  );
}
