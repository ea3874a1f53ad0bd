import type { Locale } from '../contracts/common';
import { localeOfPath, stripLocale } from './languages';
import {
  ADMIN_ROOT,
  adminPathOf,
  compiled,
  matchPublicPage,
  matchSegments,
  split,
  type PageId,
  type Params,
} from './page-table';

// The admin area's page table and the server's matcher of every page, apart from
// page-table.ts: the public app's first view imports that module, and these never run there
// (the admin app and the server import them), so they stay out of its code.

/**
 * The admin area's pages (spec 2), relative to ADMIN_ROOT. The server serves them (behind
 * the admin allow-list) in the five languages like every route of spec 2: unprefixed
 * (`/management_admin/...`) and under `/en`, `/ko`, `/zh-cn`, `/zh-tw`; the admin app
 * renders them.
 */
export const ADMIN_PAGE_PATTERNS = {
  index: '/',
  login: '/login/',
  campaigns: '/campaign/',
  campaignNew: '/campaign/regist/',
  campaign: '/campaign/:id/',
  cashback: '/cashback/',
  cashbackPaymentSpot: '/cashback/payment_spot/',
  cashbackTransfer: '/cashback/point_money_transfer/',
  cashbackPointHistory: '/cashback/pointhistory/',
  cashbackNew: '/cashback/regist/',
  couponNew: '/coupon/regist/',
  coupon: '/coupon/:id/',
  couponView: '/coupon/:id?/view/',
  faq: '/faq/',
  lottery: '/lottery/',
  lotteryHistory: '/lottery/history/',
  lotteryHistoryDetail: '/lottery/history-detail/',
  message: '/message/',
  prizes: '/prize/',
  prizeNew: '/prize/regist/',
  prize: '/prize/:id/',
  questions: '/question/',
  questionNew: '/question/regist/',
  question: '/question/:id/',
  ranking: '/ranking/',
  rankups: '/rankup/',
  rankupNew: '/rankup/regist/',
  rankup: '/rankup/:id/',
  report: '/report/',
  setting: '/setting/',
  /** Spots (stores): not in spec 2's list; the settings area holds them (issue 6). */
  spotNew: '/setting/spot/regist/',
  spot: '/setting/spot/:id/',
  users: '/user/',
  userList: '/user/list/',
  user: '/user/list/:id/',
} as const;
export type AdminPageId = keyof typeof ADMIN_PAGE_PATTERNS;

const ADMIN = /* @__PURE__ */ compiled(ADMIN_PAGE_PATTERNS);

export type PageMatch =
  | { area: 'public'; id: PageId; locale: Locale; params: Params }
  | { area: 'admin'; id: AdminPageId; locale: Locale; params: Params };

/**
 * What a request path names: a public or an admin page in one of the five languages (ja
 * unprefixed, the others under `/en`, `/ko`, `/zh-cn`, `/zh-tw`), or nothing (404).
 * Paths without the trailing slash are not pages (the server redirects them first).
 */
export function matchPage(pathname: string): PageMatch | null {
  if (!pathname.endsWith('/')) return null;
  const admin = adminPathOf(pathname);
  if (admin) {
    const segments = split(admin.path.slice(ADMIN_ROOT.length - 1));
    for (const [id, pattern] of ADMIN) {
      const params = matchSegments(pattern, segments, {});
      if (params) return { area: 'admin', id, locale: admin.locale, params };
    }
    return null;
  }
  const locale = localeOfPath(pathname);
  const found = matchPublicPage(stripLocale(pathname));
  return found ? { area: 'public', locale, ...found } : null;
}
