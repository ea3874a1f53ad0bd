import { loadNamespace, registerNamespace } from './i18n';

// The `deferred` messages' loaders, in a tiny chunk of their own: screens load it (and the
// messages) beside their own chunk, through loadDeferredMessages, so the first view's bundle
// carries none of it.
registerNamespace('deferred', {
  ja: () => import('../../../locales/deferred/ja.json'),
  en: () => import('../../../locales/deferred/en.json'),
  ko: () => import('../../../locales/deferred/ko.json'),
  'zh-cn': () => import('../../../locales/deferred/zh-cn.json'),
  'zh-tw': () => import('../../../locales/deferred/zh-tw.json'),
});

/** Loads the `deferred` messages of the current language (and ja): texts the first view never shows. */
export const loadDeferredMessages = (): Promise<void> => loadNamespace('deferred');
