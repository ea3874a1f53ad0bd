import type { StaffRole } from '@contracts/staff';
import type { AdminKey } from './lib/i18n';
import type { AdminPageId } from './lib/paths';

type Roles = readonly StaffRole[];
const ADMIN: Roles = ['admin'];
const ALL: Roles = ['admin', 'shop'];

/**
 * Who may open each admin page, and which side-menu item lights up on it. Shop staff work
 * only with their spots' coupons, payments and transfers (issue 3); the server checks the
 * same on every call, this only keeps their screens uncluttered.
 */
export const PAGE_ACCESS: Record<Exclude<AdminPageId, 'login'>, { roles: Roles; menu: MenuItemId | null }> = {
  index: { roles: ALL, menu: 'index' },
  couponNew: { roles: ALL, menu: 'couponNew' },
  coupon: { roles: ALL, menu: 'index' },
  couponView: { roles: ALL, menu: 'index' },
  ranking: { roles: ADMIN, menu: 'ranking' },
  questions: { roles: ADMIN, menu: 'questions' },
  questionNew: { roles: ADMIN, menu: 'questions' },
  question: { roles: ADMIN, menu: 'questions' },
  campaigns: { roles: ADMIN, menu: 'campaigns' },
  campaignNew: { roles: ADMIN, menu: 'campaigns' },
  campaign: { roles: ADMIN, menu: 'campaigns' },
  prizes: { roles: ADMIN, menu: 'prizes' },
  prizeNew: { roles: ADMIN, menu: 'prizes' },
  prize: { roles: ADMIN, menu: 'prizes' },
  report: { roles: ADMIN, menu: 'report' },
  message: { roles: ADMIN, menu: 'message' },
  lottery: { roles: ADMIN, menu: 'campaigns' },
  lotteryHistory: { roles: ADMIN, menu: 'campaigns' },
  lotteryHistoryDetail: { roles: ADMIN, menu: 'campaigns' },
  users: { roles: ADMIN, menu: 'users' },
  userList: { roles: ADMIN, menu: 'userList' },
  user: { roles: ADMIN, menu: 'userList' },
  rankups: { roles: ADMIN, menu: 'rankups' },
  rankupNew: { roles: ADMIN, menu: 'rankups' },
  rankup: { roles: ADMIN, menu: 'rankups' },
  cashbackPointHistory: { roles: ADMIN, menu: 'cashbackPointHistory' },
  cashback: { roles: ALL, menu: 'cashback' },
  cashbackTransfer: { roles: ALL, menu: 'cashbackTransfer' },
  cashbackPaymentSpot: { roles: ADMIN, menu: 'cashbackPaymentSpot' },
  cashbackNew: { roles: ADMIN, menu: 'cashbackPaymentSpot' },
  faq: { roles: ADMIN, menu: 'faq' },
  setting: { roles: ALL, menu: null },
  spotNew: { roles: ADMIN, menu: null },
  spot: { roles: ALL, menu: null },
};

export type MenuItemId =
  | 'index'
  | 'ranking'
  | 'couponNew'
  | 'questions'
  | 'campaigns'
  | 'prizes'
  | 'report'
  | 'message'
  | 'users'
  | 'userList'
  | 'rankups'
  | 'cashbackPointHistory'
  | 'cashback'
  | 'cashbackTransfer'
  | 'cashbackPaymentSpot'
  | 'faq';

export type MenuGroup = {
  id: 'coupons' | 'rally' | 'users' | 'rankup' | 'pointback' | 'faq';
  label: AdminKey;
  icon: 'ticket' | 'stamp' | 'people' | 'crown' | 'coins' | 'help';
  /** A group of one page is a plain link (rank-up, FAQ). */
  items: ReadonlyArray<{ id: MenuItemId; label: AdminKey; page: AdminPageId }>;
};

/** Spec 2: the side menu's groups and items, in the spec's order. */
export const MENU: readonly MenuGroup[] = [
  {
    id: 'coupons',
    label: 'menu.coupons',
    icon: 'ticket',
    items: [
      { id: 'index', label: 'menu.couponList', page: 'index' },
      { id: 'ranking', label: 'menu.couponRanking', page: 'ranking' },
      { id: 'couponNew', label: 'menu.couponNew', page: 'couponNew' },
      { id: 'questions', label: 'menu.questions', page: 'questions' },
    ],
  },
  {
    id: 'rally',
    label: 'menu.rally',
    icon: 'stamp',
    items: [
      { id: 'campaigns', label: 'menu.campaigns', page: 'campaigns' },
      { id: 'prizes', label: 'menu.prizes', page: 'prizes' },
      { id: 'report', label: 'menu.report', page: 'report' },
      { id: 'message', label: 'menu.message', page: 'message' },
    ],
  },
  {
    id: 'users',
    label: 'menu.users',
    icon: 'people',
    items: [
      { id: 'users', label: 'menu.userSearch', page: 'users' },
      { id: 'userList', label: 'menu.userList', page: 'userList' },
    ],
  },
  {
    id: 'rankup',
    label: 'menu.rankup',
    icon: 'crown',
    items: [{ id: 'rankups', label: 'menu.rankup', page: 'rankups' }],
  },
  {
    id: 'pointback',
    label: 'menu.pointback',
    icon: 'coins',
    items: [
      { id: 'cashbackPointHistory', label: 'menu.pointHistory', page: 'cashbackPointHistory' },
      { id: 'cashback', label: 'menu.usedPoints', page: 'cashback' },
      { id: 'cashbackTransfer', label: 'menu.shopTransfer', page: 'cashbackTransfer' },
      { id: 'cashbackPaymentSpot', label: 'menu.shopAccounts', page: 'cashbackPaymentSpot' },
    ],
  },
  { id: 'faq', label: 'menu.faq', icon: 'help', items: [{ id: 'faq', label: 'menu.faq', page: 'faq' }] },
];

export const mayOpen = (page: AdminPageId, role: StaffRole): boolean =>
  page === 'login' || PAGE_ACCESS[page].roles.includes(role);

/** The menu as one role sees it: items they may open, groups with none left out. */
export function menuFor(role: StaffRole): MenuGroup[] {
  return MENU.map((g) => ({ ...g, items: g.items.filter((i) => mayOpen(i.page, role)) })).filter(
    (g) => g.items.length > 0,
  );
}
