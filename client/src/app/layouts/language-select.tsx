import { useLocation, useNavigate } from 'react-router-dom';
import { isLocale, LOCALE_NAMES, LOCALES, rememberLocale, useLocale, useT } from '../../lib/i18n';
import { stripLocale, withLocale } from '../../lib/paths';

/**
 * Spec 2: the language dropdown. A native select (the phone's own picker, thumb-sized) over
 * a globe pill; choosing a language remembers it (cookie, 365 days) and shows the same page,
 * query and anchor in that language.
 */
export function LanguageSelect() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return (
    <label className="tool lang-select">
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.6 2.7 3.9 5.7 3.9 9s-1.3 6.3-3.9 9c-2.6-2.7-3.9-5.7-3.9-9S9.4 5.7 12 3z" />
      </svg>
      <span className="tool__label" aria-hidden="true">
        {LOCALE_NAMES[locale]}
      </span>
      <select
        className="lang-select__control"
        name="lang"
        aria-label={t('nav.language')}
        data-testid="language-select"
        value={locale}
        onChange={(e) => {
          const next = e.target.value;
          if (!isLocale(next) || next === locale) return;
          rememberLocale(next);
          void navigate(withLocale(next, stripLocale(pathname)) + search + hash);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
