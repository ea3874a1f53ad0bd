import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { ChunkErrorPage } from '../components/chunk-error-page';
import { RequireVisitor } from '../features/session';
import { installChunkGuard, loadScreen, prefetchWhenIdle } from '../lib/lazy-retry';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../lib/i18n';
import { PAGE_PATTERNS, type PageId } from '../lib/paths';
import { PublicLayout } from './layouts/public-layout';
import { LocaleRoot } from './locale-root';
import { NotFoundPage } from './pages/not-found-page';

type Screen = {
  /** The screen's chunk: each screen loads only when first visited (through lib/lazy-retry: retried once, then a reload at most once a minute, then the error page). */
  load: () => Promise<ComponentType>;
  /** Needs a signed-in visitor: shows the sign-in panel in its place otherwise. */
  visitor?: boolean;
};

/** The one route table: every page of lib/paths mapped to its screen. */
const SCREENS: Record<PageId, Screen> = {
  home: { load: () => import('../features/home/pages/home-page').then((m) => m.HomePage) },
  couponList: { load: () => import('../features/coupons/pages/coupon-list-page').then((m) => m.CouponListPage) },
  couponDetail: { load: () => import('../features/coupons/pages/coupon-detail-page').then((m) => m.CouponDetailPage) },
  stamps: { load: () => import('../features/stamps/pages/stamps-page').then((m) => m.StampsPage), visitor: true },
};

const LAZY = Object.fromEntries(
  (Object.keys(SCREENS) as PageId[]).map((id) => [id, lazy(() => loadScreen(SCREENS[id].load, ChunkErrorPage).then((C) => ({ default: C })))]),
) as Record<PageId, LazyExoticComponent<ComponentType>>;

function pageRoutes(): RouteObject[] {
  const pages = (Object.keys(SCREENS) as PageId[]).map((id): RouteObject => {
    const Screen = LAZY[id];
    const element = SCREENS[id].visitor ? (
      <RequireVisitor>
        <Screen />
      </RequireVisitor>
    ) : (
      <Screen />
    );
    const pattern = PAGE_PATTERNS[id];
    return pattern === '/' ? { index: true, element } : { path: pattern.slice(1, -1), element };
  });
  return [...pages, { path: '*', element: <NotFoundPage /> }];
}

/** Each route with no prefix (ja) and with /en, /ko, /zh-cn, /zh-tw (spec 2). */
export function buildRoutes(): RouteObject[] {
  const children = pageRoutes();
  const branch = (locale: Locale): RouteObject => ({
    path: locale === DEFAULT_LOCALE ? '/' : `/${locale}`,
    element: (
      <LocaleRoot locale={locale}>
        <PublicLayout />
      </LocaleRoot>
    ),
    children,
  });
  return [...LOCALES.filter((l) => l !== DEFAULT_LOCALE).map(branch), branch(DEFAULT_LOCALE)];
}

const ROUTES = buildRoutes();
installChunkGuard();
/** Spec 9: every screen's chunk, fetched when the browser is idle 2000 ms after start. */
const PREFETCH = [...new Set(Object.values(SCREENS).map((s) => s.load))];

export function AppRoutes() {
  useEffect(() => prefetchWhenIdle(PREFETCH), []);
  return useRoutes(ROUTES);
}
