import { useId } from 'react';
import { LOCALES, type Locale } from '../../../../server/src/contracts/common';
import { useAdminT } from '../lib/i18n';
import { MAX_LENGTH, TEXT_FIELDS, type CouponFormValue, type FieldErrors, type TextField, type Texts } from './admin-coupon-form-model';

/**
 * The coupon's texts per language (issue 6): ja is required; another language left empty
 * shows the ja text to visitors, and the tab says so.
 */
export function TextsCard({
  value,
  errors,
  onChange,
  locale,
  onLocale,
}: {
  value: CouponFormValue;
  errors: FieldErrors;
  onChange: (field: TextField, texts: Texts) => void;
  locale: Locale;
  onLocale: (l: Locale) => void;
}) {
  const t = useAdminT();
  const base = useId();
  const filled = (l: Locale) => TEXT_FIELDS.some((f) => value[f][l].trim() !== '');
  const hasError = (l: Locale) => TEXT_FIELDS.some((f) => errors[`${f}.${l}`]);

  return (
    <section className="adm-card adm-section" aria-labelledby={`${base}-h`}>
      <h2 className="adm-section__title" id={`${base}-h`}>
        {t('couponForm.texts')}
      </h2>
      <div className="adm-tabs adm-tabs--langs" role="tablist" aria-label={t('couponForm.textsLanguage')}>
        {LOCALES.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            id={`${base}-tab-${l}`}
            aria-selected={l === locale}
            aria-controls={`${base}-panel`}
            className={`adm-tab${l === locale ? ' is-active' : ''}${hasError(l) ? ' has-error' : ''}`}
            onClick={() => onLocale(l)}
            data-locale={l}
          >
            <span lang={l}>{t(`lang.${l}`)}</span>
            {l === 'ja' ? (
              <span className="adm-tab__tag adm-tab__tag--required">{t('couponForm.required')}</span>
            ) : filled(l) ? (
              <span className="adm-tab__dot">{t('couponForm.written')}</span>
            ) : (
              <span className="adm-tab__tag">{t('couponForm.fallsBack')}</span>
            )}
          </button>
        ))}
      </div>
      <div className="adm-tabpanel" role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${locale}`}>
        {locale !== 'ja' && !filled(locale) && (
          <p className="adm-hint-box" data-testid="falls-back">
            {t('couponForm.fallsBackNote', { language: t(`lang.${locale}`) })}
          </p>
        )}
        {TEXT_FIELDS.map((f) => (
          <TextInput key={`${f}-${locale}`} field={f} locale={locale} value={value[f]} error={errors[`${f}.${locale}`]} onChange={(texts) => onChange(f, texts)} />
        ))}
      </div>
    </section>
  );
}

function TextInput({
  field,
  locale,
  value,
  error,
  onChange,
}: {
  field: TextField;
  locale: Locale;
  value: Texts;
  error?: string;
  onChange: (texts: Texts) => void;
}) {
  const t = useAdminT();
  const id = useId();
  const text = value[locale];
  const required = locale === 'ja' && field !== 'description';
  const props = {
    id,
    name: `${field}.${locale}`,
    lang: locale,
    value: text,
    placeholder: locale === 'ja' ? t(`couponForm.placeholders.${field}`) : value.ja,
    onChange: (e: { target: { value: string } }) => onChange({ ...value, [locale]: e.target.value }),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-err` : undefined,
    'aria-required': required || undefined,
  };
  return (
    <div className={`adm-field${error ? ' has-error' : ''}`}>
      <div className="adm-field__row">
        <label className="adm-field__label" htmlFor={id}>
          {t(`couponForm.fields.${field}`)}
          {required && <span className="adm-required">{t('couponForm.required')}</span>}
        </label>
        <span className={`adm-counter${text.length > MAX_LENGTH[field] ? ' is-over' : ''}`}>
          {text.length} / {MAX_LENGTH[field]}
        </span>
      </div>
      {field === 'description' ? <textarea className="adm-textarea" rows={6} {...props} /> : <input className="adm-input" {...props} />}
      {error && (
        <p className="adm-field__error" id={`${id}-err`}>
          {error}
        </p>
      )}
    </div>
  );
}
