import { useEffect, useId, useState } from 'react';
import { LOCALES, type Locale } from '@contracts/common';
import { useAdminT, type AdminKey } from './i18n';

export type LocaleTexts = Record<Locale, string>;
export const emptyTexts = (): LocaleTexts => ({ ja: '', en: '', ko: '', 'zh-cn': '', 'zh-tw': '' });
export const textsFrom = (t: Partial<Record<Locale, string | undefined>> | undefined): LocaleTexts => ({
  ja: t?.ja ?? '',
  en: t?.en ?? '',
  ko: t?.ko ?? '',
  'zh-cn': t?.['zh-cn'] ?? '',
  'zh-tw': t?.['zh-tw'] ?? '',
});
/** What the API takes: ja always, the other languages only when written (else they fall back to ja). */
export function textsBody(t: LocaleTexts): {
  ja: string;
  en?: string;
  ko?: string;
  'zh-cn'?: string;
  'zh-tw'?: string;
} {
  const out: Record<string, string> = { ja: t.ja.trim() };
  for (const l of LOCALES) if (l !== 'ja' && t[l].trim()) out[l] = t[l].trim();
  return out as { ja: string };
}

export type TextFieldSpec = {
  /** Field name as the API's error paths name it (`name` -> `name.ja`). */
  name: string;
  label: AdminKey;
  max: number;
  /** Whether ja must be written. */
  required: boolean;
  multiline?: boolean;
  /** Rows of a multiline field (default 5). */
  rows?: number;
  placeholder?: AdminKey;
};

/**
 * Texts per language in tabs (issue 6): ja required, another language left empty shows ja
 * to visitors, and its tab says so. Errors come keyed `field.locale` and sit beside the field.
 * The shown language is its own, or the caller's when it passes `locale` and `onLocale`
 * (the caller then also chooses the language to show when errors arrive).
 */
export function LocaleTextsFields({
  fields,
  values,
  errors,
  onChange,
  testId,
  locale,
  onLocale,
}: {
  fields: readonly TextFieldSpec[];
  values: Record<string, LocaleTexts>;
  errors: Record<string, string>;
  onChange: (field: string, texts: LocaleTexts) => void;
  testId?: string;
  locale?: Locale;
  onLocale?: (l: Locale) => void;
}) {
  const t = useAdminT();
  const base = useId();
  const [ownLocale, setOwnLocale] = useState<Locale>('ja');
  const controlled = locale !== undefined;
  const active = locale ?? ownLocale;
  const setLocale = onLocale ?? setOwnLocale;
  const filled = (l: Locale) => fields.some((f) => values[f.name]![l].trim() !== '');
  const hasError = (l: Locale) => fields.some((f) => errors[`${f.name}.${l}`]);
  // New errors in another language: show that language (the errors sit beside its fields).
  useEffect(() => {
    if (controlled) return;
    const first = errorsLocale(fields, errors);
    setOwnLocale((l) => (first && !fields.some((f) => errors[`${f.name}.${l}`]) ? first : l));
  }, [controlled, errors, fields]);

  return (
    <div data-testid={testId}>
      <div className="adm-tabs adm-tabs--langs" role="tablist" aria-label={t('couponForm.textsLanguage')}>
        {LOCALES.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            id={`${base}-tab-${l}`}
            aria-selected={l === active}
            aria-controls={`${base}-panel`}
            className={`adm-tab${l === active ? ' is-active' : ''}${hasError(l) ? ' has-error' : ''}`}
            onClick={() => setLocale(l)}
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
      <div className="adm-tabpanel" role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${active}`}>
        {active !== 'ja' && !filled(active) && (
          <p className="adm-hint-box" data-testid="falls-back">
            {t('couponForm.fallsBackNote', { language: t(`lang.${active}`) })}
          </p>
        )}
        {fields.map((f) => (
          <TextInput
            key={`${f.name}-${active}`}
            spec={f}
            locale={active}
            value={values[f.name]!}
            error={errors[`${f.name}.${active}`]}
            onChange={(texts) => onChange(f.name, texts)}
          />
        ))}
      </div>
    </div>
  );
}

/** The first language with an error (so a caller can tell staff where to look). */
function errorsLocale(fields: readonly TextFieldSpec[], errors: Record<string, string>): Locale | null {
  for (const l of LOCALES) if (fields.some((f) => errors[`${f.name}.${l}`])) return l;
  return null;
}

function TextInput({
  spec,
  locale,
  value,
  error,
  onChange,
}: {
  spec: TextFieldSpec;
  locale: Locale;
  value: LocaleTexts;
  error?: string;
  onChange: (t: LocaleTexts) => void;
}) {
  const t = useAdminT();
  const id = useId();
  const text = value[locale];
  const required = locale === 'ja' && spec.required;
  const props = {
    id,
    name: `${spec.name}.${locale}`,
    lang: locale,
    value: text,
    placeholder: locale === 'ja' ? (spec.placeholder ? t(spec.placeholder) : undefined) : value.ja,
    onChange: (e: { target: { value: string } }) => onChange({ ...value, [locale]: e.target.value }),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-err` : undefined,
    'aria-required': required || undefined,
  };
  return (
    <div className={`adm-field${error ? ' has-error' : ''}`}>
      <div className="adm-field__row">
        <label className="adm-field__label" htmlFor={id}>
          {t(spec.label)}
          {required && <span className="adm-required">{t('couponForm.required')}</span>}
        </label>
        <span className={`adm-counter${text.length > spec.max ? ' is-over' : ''}`}>
          {text.length} / {spec.max}
        </span>
      </div>
      {spec.multiline ? (
        <textarea className="adm-textarea" rows={spec.rows ?? 5} {...props} />
      ) : (
        <input className="adm-input" {...props} />
      )}
      {error && (
        <p className="adm-field__error" id={`${id}-err`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Client-side checks of per-language texts: ja when required, lengths everywhere. */
export function checkTexts(
  fields: readonly TextFieldSpec[],
  values: Record<string, LocaleTexts>,
  t: ReturnType<typeof useAdminT>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    for (const l of LOCALES) {
      const v = values[f.name]![l].trim();
      if (l === 'ja' && f.required && !v) out[`${f.name}.ja`] = t('catalogue.errors.required');
      else if (v.length > f.max) out[`${f.name}.${l}`] = t('couponForm.errors.tooLong', { max: f.max });
    }
  }
  return out;
}
