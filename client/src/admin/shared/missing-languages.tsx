import { useId } from 'react';
import { TRANSLATED_LOCALES, type TranslatedLocale } from '@contracts/common';
import { useAdminT } from '../lib/i18n';

/** `?missing=` of a list URL: one of TRANSLATED_LOCALES, else '' (any). */
export const missingFrom = (v: string | null): TranslatedLocale | '' =>
  (TRANSLATED_LOCALES as readonly string[]).includes(v ?? '') ? (v as TranslatedLocale) : '';

/**
 * A list cell (issue 11): the languages a coupon or spot has no text of its own in, where
 * visitors read it in Japanese; "all written" when none is missing.
 */
export function MissingLanguages({ locales }: { locales: readonly TranslatedLocale[] }) {
  const t = useAdminT();
  if (locales.length === 0)
    return (
      <span className="adm-langs adm-langs--all" data-testid="missing-languages">
        {t('missingLang.none')}
      </span>
    );
  return (
    <span className="adm-langs" data-testid="missing-languages">
      {locales.map((l) => (
        <abbr key={l} className="adm-lang-chip" title={t('missingLang.chipTitle', { language: t(`lang.${l}`) })}>
          {t(`missingLang.short.${l}`)}
        </abbr>
      ))}
    </span>
  );
}

/** The list filter "missing language": any ('') or one language; reported at once. */
export function MissingLanguageFilter({
  value,
  onChange,
}: {
  value: TranslatedLocale | '';
  onChange: (v: TranslatedLocale | '') => void;
}) {
  const t = useAdminT();
  const id = useId();
  return (
    <div className="adm-field">
      <label className="adm-field__label" htmlFor={id}>
        {t('missingLang.filter')}
      </label>
      <select
        id={id}
        className="adm-select"
        value={value}
        onChange={(e) => onChange(missingFrom(e.target.value))}
        data-testid="missing-language-filter"
      >
        <option value="">{t('couponList.any')}</option>
        {TRANSLATED_LOCALES.map((l) => (
          <option key={l} value={l}>
            {t(`lang.${l}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
