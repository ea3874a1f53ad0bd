import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { decideLanguage } from '@site/language-detection';
import { localeOfPath } from '@site/languages';
import { readLocaleCookie, rememberLocale, type Locale } from '../lib/i18n';

/**
 * Spec 2's language rule at start (@site/language-detection `decideLanguage`): `?lang=xx` and the
 * root path's cookie or browser language. The server already redirected ordinary page
 * loads; this covers pages a service worker answered. Rewrites the URL in place (no reload)
 * and returns the language of the page to show.
 */
export function applyLanguageAtStart(): Locale {
  const decision = decideLanguage({
    pathname: location.pathname,
    search: location.search,
    cookie: readLocaleCookie(),
    preferred: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
  if (decision?.remember) rememberLocale(decision.remember);
  if (decision?.location) history.replaceState(history.state, '', decision.location + location.hash);
  return localeOfPath(location.pathname);
}

/** `?lang=xx` on a link inside the app: the same rule as at start, as a replace navigation. */
export function useLanguageQuery(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!new URLSearchParams(search).has('lang')) return;
    const decision = decideLanguage({ pathname, search, preferred: [] });
    if (decision?.remember) rememberLocale(decision.remember);
    if (decision?.location) void navigate(decision.location + hash, { replace: true });
  }, [pathname, search, hash, navigate]);
}
