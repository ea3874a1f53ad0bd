import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { useAdminT, type AdminKey } from './lib/i18n';
import { ADMIN_PAGE_PATTERNS, adminPattern, type AdminPageId } from './lib/paths';
import { mayOpen, PAGE_ACCESS, type MenuItemId } from './menu';
import { ComingSoonPage, ForbiddenPage } from './pages/notice-page';
import { useStaffSession } from './session/session.store';

type Page = Exclude<AdminPageId, 'login'>;

/**
 * The screens built so far, each its own chunk; every other page of spec 2 shows the
 * 準備中 state until its issue lands.
 */
const SCREENS: Partial<Record<Page, () => Promise<ComponentType>>> = {
  index: () => import('./coupons/admin-coupon-list-page').then((m) => m.CouponListPage),
  couponNew: () => import('./coupons/admin-coupon-form-page').then((m) => m.CouponFormPage),
  coupon: () => import('./coupons/admin-coupon-form-page').then((m) => m.CouponFormPage),
  couponView: () => import('./coupons/admin-coupon-preview-page').then((m) => m.CouponPreviewPage),
  campaigns: () => import('./catalogue/campaign-list-page').then((m) => m.CampaignListPage),
  campaignNew: () => import('./catalogue/campaign-form-page').then((m) => m.CampaignFormPage),
  campaign: () => import('./catalogue/campaign-form-page').then((m) => m.CampaignFormPage),
  faq: () => import('./catalogue/faq-page').then((m) => m.FaqPage),
  ranking: () => import('./catalogue/ranking-page').then((m) => m.RankingPage),
  setting: () => import('./catalogue/spot-list-page').then((m) => m.SpotListPage),
  spotNew: () => import('./catalogue/spot-form-page').then((m) => m.SpotFormPage),
  spot: () => import('./catalogue/spot-form-page').then((m) => m.SpotFormPage),
  prizes: () => import('./prizes/prize-list-page').then((m) => m.PrizeListPage),
  prizeNew: () => import('./prizes/prize-form-page').then((m) => m.PrizeFormPage),
  prize: () => import('./prizes/prize-form-page').then((m) => m.PrizeFormPage),
};

/** Whether a page's screen is built (the others show 準備中; the side menu says so beforehand). */
export const hasScreen = (page: AdminPageId): boolean => page !== 'login' && SCREENS[page] !== undefined;

const LAZY = Object.fromEntries(
  Object.entries(SCREENS).map(([id, load]) => [id, lazy(() => load!().then((C) => ({ default: C })))]),
) as Partial<Record<Page, LazyExoticComponent<ComponentType>>>;

/** One admin page: its screen if the role may open it. */
function AdminPage({ page }: { page: Page }) {
  const role = useStaffSession((s) => s.user?.role);
  if (!role || !mayOpen(page, role)) return <ForbiddenPage page={page} />;
  const Screen = LAZY[page];
  return Screen ? <Screen /> : <ComingSoonPage page={page} />;
}

const PAGES = (Object.keys(ADMIN_PAGE_PATTERNS) as AdminPageId[]).filter((id): id is Page => id !== 'login');

/** Every admin page of spec 2 as a route (children of the admin layout). */
export function pageRoutes(): RouteObject[] {
  return PAGES.map((page) => ({ path: adminPattern(page), element: <AdminPage key={page} page={page} /> }));
}

const MATCHABLE = PAGES.map((page) => ({ path: adminPattern(page), id: page }));

/** The admin page a path shows, or null. */
export function pageOfPath(pathname: string): Page | null {
  const found = matchRoutes(MATCHABLE, pathname);
  return (found?.[0]?.route.id as Page | undefined) ?? null;
}

/** The side-menu item that lights up on a path. */
export function activeMenuItem(pathname: string): MenuItemId | null {
  const page = pageOfPath(pathname);
  return page ? PAGE_ACCESS[page].menu : null;
}

/** The title of a page, for places that name it. */
export function usePageTitle(page: AdminPageId): string {
  return useAdminT()(`pages.${page}` as AdminKey);
}
