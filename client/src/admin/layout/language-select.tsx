import { useId } from 'react';
import { LOCALES, rememberAdminLocale, setAdminLocale, useAdminLocale, useAdminT, type Locale } from '../lib/i18n';
import { adminUrlIn, prefixLocaleOf } from '../lib/paths';
import { Icon } from './icons';

/**
 * Switches the admin UI's language (kept in this browser); the server's messages follow
 * (x-lang). Unprefixed, the page stays and its texts change; under a language prefix the
 * same page opens under the chosen language's prefix (ja: unprefixed).
 */
function chooseLocale(locale: Locale) {
  if (!prefixLocaleOf(location.pathname)) return void setAdminLocale(locale);
  rememberAdminLocale(locale);
  location.assign(adminUrlIn(locale));
}

export function LanguageSelect() {
  const t = useAdminT();
  const locale = useAdminLocale();
  const id = useId();
  return (
    <div className="adm-lang">
      <label htmlFor={id} className="adm-lang__label">
        <Icon name="globe" size={18} />
        <span className="adm-visually-hidden">{t('lang.label')}</span>
      </label>
      <select
        id={id}
        className="adm-lang__select"
        value={locale}
        onChange={(e) => chooseLocale(e.target.value as Locale)}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`lang.${l}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
