import { useTranslation } from 'react-i18next';
import type searchJa from '../../../locales/search/ja.json';
import { loadNamespace, registerNamespace, type Leaves } from './i18n';

/**
 * The `search` messages (locales/search/<lang>.json): the coupon search screen's and the
 * coupon list's filter chips' texts (issue 15). Registered here, in code only those two lazy
 * screens import, so the first view of /coupon/ carries none of it.
 */
registerNamespace('search', {
  ja: () => import('../../../locales/search/ja.json'),
  en: () => import('../../../locales/search/en.json'),
  ko: () => import('../../../locales/search/ko.json'),
  'zh-cn': () => import('../../../locales/search/zh-cn.json'),
  'zh-tw': () => import('../../../locales/search/zh-tw.json'),
});

export type SearchKey = Leaves<typeof searchJa>;
export type TranslateSearch = (key: SearchKey, values?: Record<string, string | number>) => string;

/** Loads the `search` messages of the current language (and ja). */
export const loadSearchMessages = (): Promise<void> => loadNamespace('search');

/** `t` for the search texts: suspends until they are loaded. */
export function useSearchT(): TranslateSearch {
  return useTranslation('search').t as TranslateSearch;
}
