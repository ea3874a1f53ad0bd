import { useEffect, useState, type ReactNode } from 'react';
import { isLocaleReady, LocaleContext, setLocale, type Locale } from '../lib/i18n';
import { PageLoading } from './pages/page-loading';

/**
 * The root of one language's branch of the route table: switches i18next to the language
 * of the URL prefix (loading its messages first) and provides it to the screens.
 */
export function LocaleRoot({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [ready, setReady] = useState(() => isLocaleReady(locale));
  useEffect(() => {
    let live = true;
    if (isLocaleReady(locale)) {
      document.documentElement.lang = locale;
      setReady(true);
      return;
    }
    setReady(false);
    void setLocale(locale).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [locale]);
  if (!ready) return <PageLoading />;
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}
