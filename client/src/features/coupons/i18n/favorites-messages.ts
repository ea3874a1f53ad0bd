import { registerNamespace } from '../../../lib/i18n';

// The `favorites` messages (the favourites and ranking screens), registered when those screens
// load: lib/i18n's main-bundle table stays without them.
registerNamespace('favorites', {
  ja: () => import('../../../../../locales/favorites/ja.json'),
  en: () => import('../../../../../locales/favorites/en.json'),
  ko: () => import('../../../../../locales/favorites/ko.json'),
  'zh-cn': () => import('../../../../../locales/favorites/zh-cn.json'),
  'zh-tw': () => import('../../../../../locales/favorites/zh-tw.json'),
});
