import { useCallback } from 'react';
import { withLocale } from '../../../server/src/site/page-table';
import { useLocale } from './i18n';

// The route table and its pure helpers live in server/src/contracts/pages.ts, shared with the
// server (which answers 404 for any other path); this module adds the React side.
export {
  PAGE_PATTERNS,
  paths,
  withLocale,
  localeOfPath,
  stripLocale,
  isLanguageRoot,
  matchPublicPage,
  isIdParam,
  isPhoneUserAgent,
  type PageId,
} from '../../../server/src/site/page-table';

/** A function that prefixes a page path with the current page's language. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => withLocale(locale, path), [locale]);
}
