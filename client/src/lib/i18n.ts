import { createInstance, type BackendModule } from 'i18next';
import { createContext, useContext } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Locale } from '@contracts/common';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '@site/language-detection';
import ja from '../../../locales/ja.json';
import type contentJa from '../../../locales/content/ja.json';
import type deferredJa from '../../../locales/deferred/ja.json';
import type favoritesJa from '../../../locales/favorites/ja.json';
import type nearbyJa from '../../../locales/nearby/ja.json';

export type { Locale };
export type Messages = typeof ja;

/** Every message key of ja (`coupons.markUsed`, ...): the client's keys are typed from ja. */
export type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;
/** Keys of the long texts of the content pages (locales/content/<lang>.json), typed from ja. */
export type ContentKey = Leaves<typeof contentJa>;
export type TranslateContent = (key: ContentKey, values?: Record<string, string | number>) => string;
/** Keys of the texts the first view of /coupon/ never shows (locales/deferred/<lang>.json), typed from ja. */
export type DeferredKey = Leaves<typeof deferredJa>;
export type TranslateDeferred = (key: DeferredKey, values?: Record<string, string | number>) => string;
/** Keys of the favourites and ranking screens (locales/favorites/<lang>.json), typed from ja. */
export type FavoritesKey = Leaves<typeof favoritesJa>;
export type TranslateFavorites = (key: FavoritesKey, values?: Record<string, string | number>) => string;
/** Keys of the nearby coupons, shop's coupons and map screens (locales/nearby/<lang>.json), typed from ja. */
export type NearbyKey = Leaves<typeof nearbyJa>;
export type TranslateNearby = (key: NearbyKey, values?: Record<string, string | number>) => string;

// Typed here, by the wrappers below, rather than through i18next's global CustomTypeOptions:
// the server and the admin area use the same i18next package with other message files, and
// a global declaration would bind their `t` to the public app's keys.

/** Spec 9: the five languages; ja is the default and has no URL prefix. */
export const LOCALES = ['ja', 'en', 'ko', 'zh-cn', 'zh-tw'] as const satisfies readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'ja';
export const isLocale = (v: unknown): v is Locale =>
  typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** Each language's name in itself, as the language dropdown lists them (not translated). */
export const LOCALE_NAMES: Record<Locale, string> = {
  ja: '日本語',
  en: 'English',
  ko: '한국어',
  'zh-cn': '简体中文',
  'zh-tw': '繁體中文',
};

/** BCP 47 tags for Intl (dates, numbers) per language. */
export const INTL_TAGS: Record<Locale, string> = {
  ja: 'ja-JP',
  en: 'en-US',
  ko: 'ko-KR',
  'zh-cn': 'zh-CN',
  'zh-tw': 'zh-TW',
};

/**
 * The namespaces: `translation` (locales/<lang>.json; ja ships in the main bundle), and,
 * never in the main bundle: `content`, the texts of the lazily loaded pages (home, about,
 * privacy, terms, campaign, FAQ, contact, coming soon; locales/content/<lang>.json);
 * `deferred`, texts the first view of /coupon/ never shows (signing in, location, store
 * code, shop QR, my stamps, the footer, the update and install notes;
 * locales/deferred/<lang>.json; lib/deferred-messages), loaded with the chunks that show them (the coupon's
 * detail, the shop QR page, my stamps, the sign-in panel, the footer, the notes);
 * and the sets their lazy code registers (registerNamespace): `search`, `nearby` (the coupons
 * near me, a shop's coupons and their map), `favorites` (the favourites and ranking screens)
 * and `prizes`.
 */
export type Namespace = 'content' | 'deferred' | 'favorites' | 'search' | 'nearby' | 'prizes';
export type Loader = () => Promise<{ default: unknown }>;
const chunks: Partial<Record<'translation' | Namespace, Partial<Record<Locale, Loader>>>> = {
  translation: {
    en: () => import('../../../locales/en.json'),
    ko: () => import('../../../locales/ko.json'),
    'zh-cn': () => import('../../../locales/zh-cn.json'),
    'zh-tw': () => import('../../../locales/zh-tw.json'),
  },
  content: {
    ja: () => import('../../../locales/content/ja.json'),
    en: () => import('../../../locales/content/en.json'),
    ko: () => import('../../../locales/content/ko.json'),
    'zh-cn': () => import('../../../locales/content/zh-cn.json'),
    'zh-tw': () => import('../../../locales/content/zh-tw.json'),
  },
};

/**
 * Makes a namespace's files known, from the lazy code that uses it (so their loaders are not
 * in the main bundle): `search` registers itself in lib/search-messages.ts, `nearby` in
 * features/coupons/i18n/nearby-messages.ts,
 * `favorites` in features/coupons/i18n/favorites-messages.ts,
 * `prizes` in lib/prizes-messages.ts.
 */
export function registerNamespace(ns: Namespace, loaders: Partial<Record<Locale, Loader>>): void {
  chunks[ns] ??= loaders;
}

/**
 * i18next's backend, reading the message chunks above (no HTTP backend: each file is its own
 * lazily imported chunk, named locale-* for the service worker). A failed chunk is reported
 * as retryable, so i18next loads it again on the next use rather than never.
 */
const chunkBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, namespace, callback) {
    const load = isLocale(language) ? chunks[namespace as keyof typeof chunks]?.[language] : undefined;
    if (!load) return callback(new Error(`no messages ${namespace} for ${language}`), false);
    load().then(
      (mod) => callback(null, mod.default as Record<string, unknown>),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), true),
    );
  },
};

/** The public app's own instance (the admin area has another; the server a third). */
export const i18n = createInstance();
void i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    lowerCaseLng: true,
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    resources: { ja: { translation: ja } },
    partialBundledLanguages: true,
    // Keys are typed paths; a server error code is never read as `namespace:key`.
    nsSeparator: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
    // Failures come back to the caller (and the chunk guard of lib/lazy-retry) instead.
    maxRetries: 0,
    initAsync: false,
  });

const namespacesInUse = (): string[] => [i18n.options.ns ?? []].flat();

/** Whether a language's messages are loaded, so the UI can render in it at once. */
export const isLocaleReady = (locale: Locale): boolean =>
  i18n.language === locale && namespacesInUse().every((ns) => i18n.hasResourceBundle(locale, ns));

/**
 * Loads a namespace for the current language (and ja, its fallback); language switches load it
 * as well from then on. Rejects when the current language's messages could not be loaded.
 */
export async function loadNamespace(ns: Namespace): Promise<void> {
  await i18n.loadNamespaces(ns);
  if (!i18n.hasResourceBundle(i18n.language, ns))
    throw new Error(`messages ${ns} for ${i18n.language} could not be loaded`);
}

/**
 * Loads a language's messages (every namespace in use, once) and switches to it; `<html lang>`
 * follows. A language that cannot load shows its texts in ja.
 */
export async function setLocale(locale: Locale): Promise<void> {
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/** Remembers the visitor's language for 365 days (spec 2, 9: cookie `i18n_redirected`). */
export function rememberLocale(locale: Locale): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** The remembered language cookie's raw value, if any. */
export function readLocaleCookie(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE) return value ?? null;
  }
  return null;
}

/** The language of the current page (from its URL prefix), for API calls outside React. */
export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);

/** The page's language as the router decided it (URL prefix); provided by the app. */
export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);
export const useLocale = (): Locale => useContext(LocaleContext);

/** Whether a key exists in the current language or the ja fallback (for server error codes). */
export const hasMessage = (key: string): boolean => i18n.exists(key);

/** `t` with keys checked against ja; re-renders on language change. */
export function useT(): Translate {
  return useTranslation().t as Translate;
}

/**
 * `t` for the texts of the lazily loaded pages: suspends (the layout shows the loading
 * state) until the `content` messages are loaded.
 */
export function useContentT(): TranslateContent {
  return useTranslation('content').t as TranslateContent;
}

/** `t` for the `deferred` texts: suspends until they are loaded (their chunks load them alongside). */
export function useDeferredT(): TranslateDeferred {
  return useTranslation('deferred').t as TranslateDeferred;
}

/** `t` for the favourites and ranking screens: suspends until their texts are loaded. */
export function useFavoritesT(): TranslateFavorites {
  return useTranslation('favorites').t as TranslateFavorites;
}

/**
 * `t` for the nearby coupons, a shop's coupons and the map: suspends until the `nearby`
 * messages are loaded (the route table loads them with those screens).
 */
export function useNearbyT(): TranslateNearby {
  return useTranslation('nearby').t as TranslateNearby;
}

/** The same outside React (error messages built by the api client). */
export const translate: Translate = (key, values) => i18n.t(key, values);
