import { lazy, useEffect, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { Outlet, useLocation, useParams, useRoutes, type RouteObject } from 'react-router-dom';
import { useDocumentTitle } from '../components/document-title';
import { useHideFooter } from '../components/page-chrome';
import { ChunkErrorPage } from '../components/chunk-error-page';
import { RequireVisitor } from '../features/session';
import { installChunkGuard, loadScreen, prefetchLinkedScreens, warmScreen } from '../lib/lazy-retry';
import { DEFAULT_LOCALE, loadNamespace, type Locale, LOCALES, type MessageKey, useT } from '../lib/i18n';
import { isIdParam, matchPublicPage, PAGE_PATTERNS, stripLocale, type PageId } from '../lib/paths';
import { useLanguageQuery } from './language';
import { EmptyLayout } from './layouts/empty-layout';
import { PublicLayout } from './layouts/public-layout';
import { LocaleRoot } from './locale-root';
import { ErrorPage } from './pages/error-page';
import { COMING_SOON_PAGES, type ComingSoonPageId } from './coming-soon-pages';
import { loadDeferredMessages } from '../lib/deferred-load';

/** What every screen is given: its page id (screens of one component for several pages use it). */
export type ScreenProps = { pageId: PageId };

type Screen = {
  /** The screen's chunk: each screen loads only when first visited (through lib/lazy-retry: retried once, then a reload at most once a minute, then the error page). */
  load: () => Promise<ComponentType<ScreenProps>>;
  /** The page's name (document title; the coming-soon screen's heading). */
  title: MessageKey;
  /** Needs a signed-in visitor: shows the sign-in panel in its place otherwise. */
  visitor?: boolean;
  /** Spec 2: a page can hide the footer (focused flows). */
  footer?: false;
};

/** Pages whose texts live in the lazily loaded `content` messages: fetched with the chunk. */
const withContent = <T,>(chunk: Promise<T>): Promise<T> =>
  Promise.all([chunk, loadNamespace('content')]).then(([m]) => m);

/** Screens with texts of the `deferred` messages (location, store code, stamps): fetched with the chunk. */
const withDeferred = <T,>(chunk: Promise<T>): Promise<T> =>
  Promise.all([chunk, loadDeferredMessages()]).then(([m]) => m);

/**
 * Pages whose texts live in the lazily loaded `nearby` messages (a shop's coupons, coupons near
 * me): their chunk registers the messages' loaders, then they load.
 */
const withNearby = <T,>(chunk: Promise<T>): Promise<T> => chunk.then((m) => loadNamespace('nearby').then(() => m));

/** The favourites and ranking screens (issue 15): their chunk registers the `favorites` texts, then they load. */
const withFavorites = <T,>(chunk: Promise<T>): Promise<T> =>
  chunk.then((m) => loadNamespace('favorites').then(() => m));

/** Screens a later issue builds: a designed "coming soon" state meanwhile, never a 404. */
const comingSoon = () =>
  withContent(import('../features/coming-soon/pages/coming-soon-page')).then((m) => m.ComingSoonPage);

/** The built screens; the others (app/coming-soon-pages) show the coming-soon screen. */
const BUILT: Record<Exclude<PageId, ComingSoonPageId>, Screen> = {
  home: {
    title: 'pages.home',
    load: () => withContent(import('../features/home/pages/home-page')).then((m) => m.HomePage),
  },
  about: {
    title: 'pages.about',
    load: () => withContent(import('../features/content/pages/about-page')).then((m) => m.AboutPage),
  },
  privacy: {
    title: 'pages.privacy',
    load: () => withContent(import('../features/content/pages/privacy-page')).then((m) => m.PrivacyPage),
  },
  terms: {
    title: 'pages.terms',
    load: () => withContent(import('../features/content/pages/terms-page')).then((m) => m.TermsPage),
  },
  campaign: {
    title: 'pages.campaign',
    load: () => withContent(import('../features/campaign/pages/campaign-page')).then((m) => m.CampaignPage),
  },
  faq: { title: 'pages.faq', load: () => withContent(import('../features/faq/pages/faq-page')).then((m) => m.FaqPage) },
  contact: {
    title: 'pages.contact',
    load: () => withContent(import('../features/contact/pages/contact-page')).then((m) => m.ContactPage),
  },
  couponList: {
    title: 'pages.couponList',
    load: () => import('../features/coupons/pages/coupon-list-page').then((m) => m.CouponListPage),
  },
  couponSearch: {
    title: 'pages.couponSearch',
    load: () => import('../features/search/pages/coupon-search-page').then((m) => m.loadCouponSearchScreen()),
  },
  couponDetail: {
    title: 'pages.couponDetail',
    load: () => withDeferred(import('../features/coupons/pages/coupon-detail-page')).then((m) => m.CouponDetailPage),
  },
  favorites: {
    title: 'pages.favorites',
    load: () => withFavorites(import('../features/coupons/pages/favorites-page')).then((m) => m.FavoritesPage),
    visitor: true,
  },
  ranking: {
    title: 'pages.ranking',
    load: () => withFavorites(import('../features/coupons/pages/ranking-page')).then((m) => m.RankingPage),
  },
  storeCoupon: {
    title: 'pages.storeCoupon',
    load: () => withNearby(import('../features/coupons/pages/place-pages')).then((m) => m.StoreCouponsPage),
  },
  nearbyCoupons: {
    title: 'pages.nearbyCoupons',
    load: () => withNearby(import('../features/coupons/pages/place-pages')).then((m) => m.NearbyCouponsPage),
  },
  stamps: {
    title: 'pages.stamps',
    load: () => withDeferred(import('../features/stamps/pages/stamps-page')).then((m) => m.StampsPage),
    visitor: true,
  },
  prize: {
    title: 'pages.prize',
    load: () => import('../features/prizes/pages/prize-page').then((m) => m.PrizePage),
  },
  stampRally: {
    title: 'pages.stampRally',
    load: () =>
      withContent(withDeferred(import('../features/campaign/pages/stamp-rally-page'))).then((m) => m.StampRallyPage),
  },
  infoForm: {
    title: 'pages.infoForm',
    load: () => withContent(import('../features/contact/pages/info-form-page')).then((m) => m.InfoFormPage),
  },
  collectPointsQr: {
    title: 'pages.collectPointsQr',
    load: () => withContent(withDeferred(import('../features/coupons/pages/spot-qr-page'))).then((m) => m.SpotQrPage),
    footer: false,
  },
};

/** The one route table: every page of spec 2 (@site/page-table) mapped to its screen. */
const SCREENS: Record<PageId, Screen> = {
  ...BUILT,
  ...(Object.fromEntries(
    COMING_SOON_PAGES.map((id): [PageId, Screen] => [
      id,
      { title: `pages.${id}`, load: comingSoon, footer: id === 'pointsPayment' ? false : undefined },
    ]),
  ) as Record<ComingSoonPageId, Screen>),
};

/** Screens whose chunk has loaded: a page that finds its screen here renders it at once, without suspending. */
const loaded = new Map<PageId, ComponentType<ScreenProps>>();
function loadInto(id: PageId): Promise<ComponentType<ScreenProps>> {
  return loadScreen(SCREENS[id].load, ChunkErrorPage).then((C) => {
    if (C !== ChunkErrorPage) loaded.set(id, C);
    return C;
  });
}

const LAZY = Object.fromEntries(
  (Object.keys(SCREENS) as PageId[]).map((id) => [id, lazy(() => loadInto(id).then((C) => ({ default: C })))]),
) as Record<PageId, LazyExoticComponent<ComponentType<ScreenProps>>>;

/** The message key of a page's name (document title). */
export const titleOf = (id: PageId): MessageKey => SCREENS[id].title;

/**
 * Loads the screen of a page path (any language), so that the first render shows it rather
 * than the loading state: the server renders with it, and the client waits for it before
 * replacing a server-rendered page. Resolves (never rejects) once it is loaded or has failed.
 */
export async function preloadScreenOf(pathname: string): Promise<void> {
  const page = matchPublicPage(stripLocale(pathname));
  if (page) await loadInto(page.id);
}

/** One page of the table: its title and footer, its id check (ids are positive integers), its screen. */
function Page({ id }: { id: PageId }) {
  const t = useT();
  const screen = SCREENS[id];
  const params = useParams();
  const badParam = Object.entries(params).some(([name, v]) => name !== '*' && v !== undefined && !isIdParam(v));
  useDocumentTitle(id === 'home' || badParam ? null : t(screen.title));
  useHideFooter(screen.footer === false);
  // Chosen once per page id: switching from the lazy wrapper to the loaded screen would remount it.
  const Screen = useMemo(() => loaded.get(id) ?? LAZY[id], [id]);
  if (badParam) return <ErrorPage status={404} />;
  return screen.visitor ? (
    <RequireVisitor>
      <Screen pageId={id} />
    </RequireVisitor>
  ) : (
    <Screen pageId={id} />
  );
}

function pageRoutes(): RouteObject[] {
  return (Object.keys(SCREENS) as PageId[]).map((id): RouteObject => {
    const pattern = PAGE_PATTERNS[id];
    const element = <Page id={id} />;
    return pattern === '/' ? { index: true, element } : { path: pattern.slice(1, -1), element };
  });
}

/**
 * Each route with no prefix (ja) and with /en, /ko, /zh-cn, /zh-tw (spec 2). Pages use the
 * public layout; any other path is the 404 error page in the empty layout (never gated).
 */
export function buildRoutes(): RouteObject[] {
  const pages = pageRoutes();
  const branch = (locale: Locale): RouteObject => ({
    path: locale === DEFAULT_LOCALE ? '/' : `/${locale}`,
    element: (
      <LocaleRoot locale={locale}>
        <Outlet />
      </LocaleRoot>
    ),
    children: [
      { element: <PublicLayout />, children: pages },
      {
        path: '*',
        element: (
          <EmptyLayout>
            <ErrorPage status={404} />
          </EmptyLayout>
        ),
      },
    ],
  });
  return [...LOCALES.filter((l) => l !== DEFAULT_LOCALE).map(branch), branch(DEFAULT_LOCALE)];
}

const ROUTES = buildRoutes();
installChunkGuard();
/** The screen chunk a page path (any language) shows, or null. */
const screenOf = (pathname: string) => {
  const page = matchPublicPage(stripLocale(pathname));
  return page ? SCREENS[page.id].load : null;
};
// The first screen's chunk starts loading now, alongside the first render.
if (typeof location !== 'undefined') warmScreen(screenOf(location.pathname));

export function AppRoutes() {
  useLanguageQuery();
  const { pathname } = useLocation();
  // Spec 9: the screens linked from what is on screen, when idle 2000 ms after each page.
  useEffect(() => prefetchLinkedScreens(screenOf), [pathname]);
  return useRoutes(ROUTES);
}
