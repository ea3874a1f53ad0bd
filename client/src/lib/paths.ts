import { useCallback } from 'react';
import { withLocale } from '@site/languages';
import { useLocale } from './i18n';

// The route table and its pure helpers live in server/src/site/ (@site/*), shared with the
// server (which answers 404 for any other path); this module adds the React side.
export { PAGE_PATTERNS, paths, matchPublicPage, isIdParam, type PageId } from '@site/page-table';
export { withLocale, localeOfPath, stripLocale, isLanguageRoot } from '@site/languages';
export { isPhoneUserAgent } from '@site/user-agent';

/** A function that prefixes a page path with the current page's language. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => withLocale(locale, path), [locale]);
}
