/**
 * The server-side render of the public app (issue 5): built by `vite build --ssr` into
 * dist/server and loaded by the API server's page handler (server/src/http/pages.ts). It
 * renders the same route table, layout and screens as the browser, with the request's URL,
 * user agent, language and data, so the first view paints from the HTML alone; the client
 * then renders the same page over it (client/src/main.tsx).
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { PageId } from '@site/page-table';
import { AppRoutes, preloadScreenOf, titleOf } from './app/router';
import { i18n, LOCALES, type Locale } from './lib/i18n';
import { ServerRenderContext, type ServerRender } from './lib/prerender';

/**
 * The pages rendered on the server: a path that shows the screen, and the screen's module
 * (its key in the client build's manifest, which lists the CSS the page needs).
 */
const SERVER_RENDERED: Partial<Record<PageId, { path: string; module: string }>> = {
  couponList: { path: '/coupon/', module: 'src/features/coupons/pages/coupon-list-page.tsx' },
};

/** The screen module of a page rendered on the server, or null when the page is left to the browser. */
export const serverRenderedModule = (id: PageId): string | null => SERVER_RENDERED[id]?.module ?? null;

let ready: Promise<void> | null = null;

/** Loads every language's messages and the server-rendered screens, once. */
export function prepare(): Promise<void> {
  ready ??= (async () => {
    await i18n.loadLanguages([...LOCALES]);
    for (const page of Object.values(SERVER_RENDERED)) await preloadScreenOf(page.path);
  })();
  return ready;
}

/**
 * Renders a page for a URL (path and query) in a language: `html` goes into `#root`, `title`
 * into `<title>`. Synchronous after `prepare()`: the translator's language is switched for
 * this render, and no other render can run in between.
 * @throws Error when called before `prepare()` has resolved
 */
export function renderPage(url: string, id: PageId, data: ServerRender): { html: string; title: string } {
  switchLanguage(data.locale);
  const html = renderToString(
    <ServerRenderContext.Provider value={data}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </ServerRenderContext.Provider>,
  );
  return { html, title: i18n.t('app.documentTitle', { page: i18n.t(titleOf(id)) }) };
}

function switchLanguage(locale: Locale): void {
  if (!i18n.hasResourceBundle(locale, 'translation'))
    throw new Error(`messages of ${locale} are not loaded: call prepare() first`);
  void i18n.changeLanguage(locale);
  if (i18n.language !== locale) throw new Error(`the translator did not switch to ${locale} at once`);
}
