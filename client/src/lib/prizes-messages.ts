import { useTranslation } from 'react-i18next';
import type prizesJa from '../../../locales/prizes/ja.json';
import { registerNamespace, loadNamespace, type Leaves } from './i18n';

/**
 * The `prizes` messages (locales/prizes/<lang>.json, issue 12): the prize screen's texts and
 * the prize error codes the server answers too. Their loaders are registered here, in the
 * prize screen's chunk, so the first view's bundle carries none of them; the current
 * language's set starts loading as soon as the chunk runs (also when it is only prefetched),
 * so the screen opens offline too.
 */
registerNamespace('prizes', {
  ja: () => import('../../../locales/prizes/ja.json'),
  en: () => import('../../../locales/prizes/en.json'),
  ko: () => import('../../../locales/prizes/ko.json'),
  'zh-cn': () => import('../../../locales/prizes/zh-cn.json'),
  'zh-tw': () => import('../../../locales/prizes/zh-tw.json'),
});
void loadNamespace('prizes').catch(() => undefined);

/** Keys of the `prizes` messages, typed from ja. */
export type PrizesKey = Leaves<typeof prizesJa>;
export type TranslatePrizes = (key: PrizesKey, values?: Record<string, string | number>) => string;

/** `t` for the `prizes` messages: suspends (the layout shows the loading state) until they are loaded. */
export function usePrizesT(): TranslatePrizes {
  return useTranslation('prizes').t as TranslatePrizes;
}
