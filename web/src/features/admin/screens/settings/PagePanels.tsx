import { t } from '../../../../lib/i18n';
import { Field } from '../../components/Field';
import type { Binding } from './binding';

/** The product page: lightbox, gallery, sticky summary, quantity field. */
export function ProductPagePanel({ b }: { b: Binding }) {
  const { form, setForm, errors, flag, raw } = b;
  return (
    <fieldset className="admin-panel">
      <legend>{t('Product page')}</legend>
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
        <Field label={t('Largest step of the + and − buttons')} hint={t('Empty: no limit.')} error={errors['laden_quantity_step_max']}>
          {(p) => <input {...p} type="number" min={1} {...raw('quantityStepMax')} />}
        </Field>
      </div>
    </fieldset>
  );
}

/** The header: layouts, behaviour, position, overlap, cart link, smooth scrolling. */
export function HeaderPanel({ b }: { b: Binding }) {
  const { form, setForm, errors, flag, text, raw } = b;
  return (
    <fieldset className="admin-panel">
      <legend>{t('Header')}</legend>
      <div className="admin-row">
        <Field label={t('Header layout')} error={errors['laden_header_template']}>
          {(p) => (
            <select {...p} {...text('laden_header_template')}>
              <option value="default">{t('Standard')}</option>
              <option value="centered">{t('Centered')}</option>
              <option value="split">{t('Split')}</option>
            </select>
          )}
        </Field>
        <Field label={t('Layout while stuck')} error={errors['laden_header_sticky_template']}>
          {(p) => (
            <select {...p} {...text('laden_header_sticky_template')}>
              <option value="">{t('Same as the header')}</option>
              <option value="default">{t('Standard')}</option>
              <option value="centered">{t('Centered')}</option>
              <option value="compact">{t('Compact')}</option>
            </select>
          )}
        </Field>
        <Field label={t('Behaviour')} error={errors['laden_header_behavior']}>
          {(p) => (
            <select {...p} {...text('laden_header_behavior')}>
              <option value="">{t('Scrolls away')}</option>
              <option value="sticky">{t('Sticky')}</option>
              <option value="fixed">{t('Fixed')}</option>
            </select>
          )}
        </Field>
        <Field label={t('Position')} error={errors['laden_header_position']}>
          {(p) => (
            <select {...p} {...text('laden_header_position')}>
              <option value="top">{t('Top')}</option>
              <option value="bottom">{t('Bottom')}</option>
            </select>
          )}
        </Field>
        <Field label={t('Offset (px)')} error={errors['laden_header_offset']}>
          {(p) => <input {...p} type="number" min={0} {...raw('headerOffset')} />}
        </Field>
        <Field label={t('Mobile menu below (px)')} error={errors['laden_header_breakpoint']}>
          {(p) => <input {...p} type="number" min={0} {...raw('headerBreakpoint')} />}
        </Field>
      </div>
      <fieldset>
        <legend>{t('Header overlaps the content on')}</legend>
        {(['desktop', 'tablet', 'mobile'] as const).map((d) => (
          <label key={d} className="admin-check">
            <input
              type="checkbox"
              checked={form.overlap.includes(d)}
              onChange={(e) => setForm({ ...form, overlap: e.target.checked ? [...form.overlap, d] : form.overlap.filter((x) => x !== d) })}
            />{' '}
            {d === 'desktop' ? t('Desktop') : d === 'tablet' ? t('Tablet') : t('Mobile')}
          </label>
        ))}
      </fieldset>
      {flag('laden_header_behavior_tablet', t('Behaviour also on tablets'))}
      {flag('laden_header_behavior_mobile', t('Behaviour also on phones'))}
      {flag('laden_fixed_footer', t('Fixed footer'))}
      <div className="admin-row">
        <Field
          label={t('Cart link')}
          hint={t('# opens the mini cart; a path such as /warenkorb/ goes there.')}
          error={errors['laden_header_cart_link']}
        >
          {(p) => <input {...p} type="text" {...text('laden_header_cart_link')} />}
        </Field>
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
    </fieldset>
  );
}

/** Order attribution, its consent, campaign parameters, and the analytics script. */
export function TrackingPanel({ b }: { b: Binding }) {
  const { errors, flag, text } = b;
  return (
    <fieldset className="admin-panel">
      <legend>{t('Tracking and consent')}</legend>
      {flag('laden_tracking_allow', t('Record the origin of orders (order attribution)'))}
      {flag('laden_tracking_needs_marketing_consent', t('Only with marketing consent'))}
      {flag('laden_tracking_promo', t('Recognise promotion codes in links'))}
      <div className="admin-row">
        <Field label={t('Campaign parameter')} error={errors['laden_tracking_campaign_param']}>
          {(p) => <input {...p} type="text" {...text('laden_tracking_campaign_param')} />}
        </Field>
        <Field label={t('Term parameter')} error={errors['laden_tracking_term_param']}>
          {(p) => <input {...p} type="text" {...text('laden_tracking_term_param')} />}
        </Field>
        <Field label={t('Content parameter')} error={errors['laden_tracking_content_param']}>
          {(p) => <input {...p} type="text" {...text('laden_tracking_content_param')} />}
        </Field>
      </div>
      <Field label={t('Analytics script (loaded with statistics consent)')} error={errors['laden_analytics_script']}>
        {(p) => <input {...p} type="text" {...text('laden_analytics_script')} />}
      </Field>
      <Field label={t('Analytics snippet (JavaScript, with statistics consent)')} error={errors['laden_analytics_snippet']}>
        {(p) => <textarea {...p} rows={4} {...text('laden_analytics_snippet')} />}
      </Field>
    </fieldset>
  );
}
