import { registerNamespace } from '../../../lib/i18n';

// The `nearby` messages (coupons near me, a shop's coupons, their map, the detail's shop links),
// registered when the screens using them load: lib/i18n's main-bundle table stays without them.
registerNamespace('nearby', {
  ja: () => import('../../../../../locales/nearby/ja.json'),
  en: () => import('../../../../../locales/nearby/en.json'),
  ko: () => import('../../../../../locales/nearby/ko.json'),
  'zh-cn': () => import('../../../../../locales/nearby/zh-cn.json'),
  'zh-tw': () => import('../../../../../locales/nearby/zh-tw.json'),
});
