import { t } from '../../../../lib/i18n';
import { Field, InputField, SelectField, CheckList } from '../../components/Field';
import type { Binding } from './binding';
import { HEADER_BEHAVIOR, HEADER_POSITION, HEADER_STICKY_TEMPLATE, HEADER_TEMPLATE } from '../../model/choices';
import { FieldPanel } from '../../components/Panel';

/** The product page: lightbox, gallery, sticky summary, quantity field. */
export function ProductPagePanel({ b }: { b: Binding }) {
  const { form, setForm, flag, bindRaw } = b;
  return (
    <FieldPanel legend={t('Product page')}>
      {flag('laden_shop_lightbox', t('Open gallery images in a lightbox'))}
      {flag('laden_gallery_vertical', t('Gallery thumbnails in a column'))}
      {flag('laden_sticky_summary', t('Sticky product summary'))}
      <div className="admin-row">
        <Field label={t('Quantity field')}>
          {(p) => (
            <select
              {...p}
              value={form.quantityField}
              onChange={(e) => setForm({ ...form, quantityField: e.target.value === '1' ? '1' : e.target.value === '0' ? '0' : 'default' })}
            >
              <option value="default">{t('Theme default')}</option>
              <option value="1">{t('With + and − buttons')}</option>
              <option value="0">{t('Plain number field')}</option>
            </select>
          )}
        </Field>
        <InputField
          label={t('Largest step of the + and − buttons')}
          hint={t('Empty: no limit.')}
          type="number"
          min={1}
          {...bindRaw('quantityStepMax', 'laden_quantity_step_max')}
        />
      </div>
    </FieldPanel>
  );
}

/** The header: layouts, behaviour, position, overlap, cart link, smooth scrolling. */
export function HeaderPanel({ b }: { b: Binding }) {
  const { form, setForm, flag, bind, bindRaw } = b;
  return (
    <FieldPanel legend={t('Header')}>
      <div className="admin-row">
        <SelectField label={t('Header layout')} options={HEADER_TEMPLATE} {...bind('laden_header_template')} />
        <SelectField label={t('Layout while stuck')} options={HEADER_STICKY_TEMPLATE} {...bind('laden_header_sticky_template')} />
        <SelectField label={t('Behaviour')} options={HEADER_BEHAVIOR} {...bind('laden_header_behavior')} />
        <SelectField label={t('Position')} options={HEADER_POSITION} {...bind('laden_header_position')} />
        <InputField label={t('Offset (px)')} type="number" min={0} {...bindRaw('headerOffset', 'laden_header_offset')} />
        <InputField label={t('Mobile menu below (px)')} type="number" min={0} {...bindRaw('headerBreakpoint', 'laden_header_breakpoint')} />
      </div>
      <fieldset>
        <legend>{t('Header overlaps the content on')}</legend>
        <CheckList
          options={[
            ['desktop', t('Desktop')],
            ['tablet', t('Tablet')],
            ['mobile', t('Mobile')],
          ]}
          chosen={form.overlap}
          onChange={(overlap) => setForm({ ...form, overlap })}
        />
      </fieldset>
      {flag('laden_header_behavior_tablet', t('Behaviour also on tablets'))}
      {flag('laden_header_behavior_mobile', t('Behaviour also on phones'))}
      {flag('laden_fixed_footer', t('Fixed footer'))}
      <div className="admin-row">
        <InputField
          label={t('Cart link')}
          hint={t('# opens the mini cart; a path such as /warenkorb/ goes there.')}
          {...bind('laden_header_cart_link')}
        />
        <Field label={t('Smooth scrolling')}>
          {(p) => (
            <select
              {...p}
              value={form.smoothScroll}
              onChange={(e) =>
                setForm({ ...form, smoothScroll: e.target.value === 'on' ? 'on' : e.target.value === 'off' ? 'off' : 'default' })
              }
            >
              <option value="default">{t('Theme default')}</option>
              <option value="on">{t('On')}</option>
              <option value="off">{t('Off')}</option>
            </select>
          )}
        </Field>
      </div>
    </FieldPanel>
  );
}

/** Order attribution, its consent, campaign parameters, and the analytics script. */
export function TrackingPanel({ b }: { b: Binding }) {
  const { flag, bind } = b;
  return (
    <FieldPanel legend={t('Tracking and consent')}>
      {flag('laden_tracking_allow', t('Record the origin of orders (order attribution)'))}
      {flag('laden_tracking_needs_marketing_consent', t('Only with marketing consent'))}
      {flag('laden_tracking_promo', t('Recognise promotion codes in links'))}
      <div className="admin-row">
        <InputField label={t('Campaign parameter')} {...bind('laden_tracking_campaign_param')} />
        <InputField label={t('Term parameter')} {...bind('laden_tracking_term_param')} />
        <InputField label={t('Content parameter')} {...bind('laden_tracking_content_param')} />
      </div>
      <InputField label={t('Analytics script (loaded with statistics consent)')} {...bind('laden_analytics_script')} />
      <InputField label={t('Analytics snippet (JavaScript, with statistics consent)')} rows={4} {...bind('laden_analytics_snippet')} />
    </FieldPanel>
  );
}
