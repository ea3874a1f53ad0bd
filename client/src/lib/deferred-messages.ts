import { registerNamespace } from './i18n';

// The `deferred` messages' loaders, in a tiny chunk of their own that lib/deferred-load
// imports: the first view's bundle carries none of them.
registerNamespace('deferred', {
  ja: () => import('../../../locales/deferred/ja.json'),
  en: () => import('../../../locales/deferred/en.json'),
  ko: () => import('../../../locales/deferred/ko.json'),
  'zh-cn': () => import('../../../locales/deferred/zh-cn.json'),
  'zh-tw': () => import('../../../locales/deferred/zh-tw.json'),
});
