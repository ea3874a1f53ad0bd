import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { DEFAULT_LOCALE, isLocaleReady, LocaleContext, rememberLocale, setLocale, type Locale } from '../lib/i18n';
import { ErrorBoundary } from './error-boundary';
import { PageLoading } from './pages/page-loading';

/**
 * The root of one language's branch of the route table: switches the translator to the language
 * of the URL prefix (loading its messages first) and provides it to the screens. A prefixed
 * page is an explicit choice of language, so the cookie remembers it (spec 2).
 */
export function LocaleRoot({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [ready, setReady] = useState(() => isLocaleReady(locale));
  const { pathname } = useLocation();
  useEffect(() => {
    let live = true;
    if (locale !== DEFAULT_LOCALE) rememberLocale(locale);
    if (isLocaleReady(locale)) {
      document.documentElement.lang = locale;
      setReady(true);
      return;
    }
    setReady(false);
    // A language that cannot load (offline before its first use) shows in ja rather than spin forever.
    const show = () => live && setReady(true);
    void setLocale(locale).then(show, show);
    return () => {
      live = false;
    };
  }, [locale]);
  if (!ready) return <PageLoading />;
  return (
    <LocaleContext.Provider value={locale}>
      <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>
    </LocaleContext.Provider>
  );
}
