import { createContext, use, useContext, useMemo, useSyncExternalStore } from 'react';
import type { Locale } from '../../../server/src/contracts/common';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '../../../server/src/contracts/pages';
import ja from '../../../locales/ja.json';
import type contentJa from '../../../locales/content/ja.json';

export type { Locale };
export type Messages = typeof ja;

/** Every message key of ja (`coupons.markUsed`, ...): the client's keys are typed from ja. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;
/** Keys of the long texts of the content pages (locales/content/<lang>.json), typed from ja. */
export type ContentKey = Leaves<typeof contentJa>;
export type TranslateContent = (key: ContentKey, values?: Record<string, string | number>) => string;

// The public app translates with the small translator below rather than i18next: it needs
// only nested keys, `{{name}}` values and the ja fallback, and i18next with react-i18next
// would be about a sixth of the first-view JavaScript. (The server and the admin area, in
// its own chunks, keep i18next.)

/** Spec 9: the five languages; ja is the default and has no URL prefix. */
export const LOCALES = ['ja', 'en', 'ko', 'zh-cn', 'zh-tw'] as const satisfies readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'ja';
export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** Each language's name in itself, as the language dropdown lists them (not translated). */
export const LOCALE_NAMES: Record<Locale, string> = { ja: '日本語', en: 'English', ko: '한국어', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' };

/** BCP 47 tags for Intl (dates, numbers) per language. */
export const INTL_TAGS: Record<Locale, string> = { ja: 'ja-JP', en: 'en-US', ko: 'ko-KR', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' };

// ja ships in the main bundle; the other languages are small chunks fetched on first use.
const loaders: Record<Exclude<Locale, 'ja'>, () => Promise<{ default: unknown }>> = {
  en: () => import('../../../locales/en.json'),
  ko: () => import('../../../locales/ko.json'),
  'zh-cn': () => import('../../../locales/zh-cn.json'),
  'zh-tw': () => import('../../../locales/zh-tw.json'),
};

/**
 * Extra namespaces, never in the main bundle: `content` holds the texts of the lazily loaded
 * pages (home, about, privacy, terms, campaign, FAQ, contact, coming soon), loaded with them.
 */
export type Namespace = 'content';
const namespaceLoaders: Record<Namespace, Record<Locale, () => Promise<{ default: unknown }>>> = {
  content: {
    ja: () => import('../../../locales/content/ja.json'),
    en: () => import('../../../locales/content/en.json'),
    ko: () => import('../../../locales/content/ko.json'),
    'zh-cn': () => import('../../../locales/content/zh-cn.json'),
    'zh-tw': () => import('../../../locales/content/zh-tw.json'),
  },
};
/** Namespaces some screen has used: a language switch loads them too, before showing it. */
const wanted = new Set<Namespace>();
const pending = new Map<string, Promise<void>>();

type Tree = { [key: string]: string | Tree };
/** Loaded messages by `<namespace>:<locale>`; ja's main messages ship in the bundle. */
const bundles = new Map<string, Tree>([['translation:ja', ja as Tree]]);
let language: Locale = DEFAULT_LOCALE;
/** Bumped on every language switch or newly loaded messages: components re-render. */
let version = 0;
const listeners = new Set<() => void>();
function changed() {
  version++;
  listeners.forEach((l) => l());
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const getVersion = () => version;
const hasBundle = (locale: Locale, ns: string) => bundles.has(`${ns}:${locale}`);
function addBundle(locale: Locale, ns: string, messages: unknown) {
  bundles.set(`${ns}:${locale}`, messages as Tree);
  changed();
}

function lookup(locale: Locale, ns: string, key: string): string | undefined {
  let node: string | Tree | undefined = bundles.get(`${ns}:${locale}`);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The message in the current language, else in ja, else the key; `{{name}}` filled in. */
function translateIn(ns: string, key: string, values?: Record<string, string | number>): string {
  const text = lookup(language, ns, key) ?? lookup(DEFAULT_LOCALE, ns, key) ?? key;
  return values ? text.replace(/{{\s*([\w.]+)\s*}}/g, (m, name: string) => (name in values ? String(values[name]) : m)) : text;
}

/** Whether a language's messages are loaded, so the UI can render in it at once. */
export const isLocaleReady = (locale: Locale): boolean =>
  language === locale && hasBundle(locale, 'translation') && [...wanted].every((ns) => hasBundle(locale, ns));

/** Loads one namespace of one language (once); later language switches load it as well. */
export function loadNamespace(ns: Namespace, locale: Locale = currentLocale()): Promise<void> {
  wanted.add(ns);
  if (hasBundle(locale, ns)) return Promise.resolve();
  const key = `${ns}:${locale}`;
  let p = pending.get(key);
  if (!p) {
    p = namespaceLoaders[ns][locale]().then(
      (mod) => addBundle(locale, ns, mod.default),
      (err: unknown) => {
        pending.delete(key); // a later visit may retry (issue 5 handles chunk failures)
        throw err;
      },
    );
    pending.set(key, p);
  }
  return p;
}

/** Loads a language's messages (once) and switches to it; `<html lang>` follows. */
export async function setLocale(locale: Locale): Promise<void> {
  const extra = [...wanted].map((ns) => loadNamespace(ns, locale));
  if (locale !== 'ja' && !hasBundle(locale, 'translation')) addBundle(locale, 'translation', (await loaders[locale]()).default);
  await Promise.all(extra);
  if (language !== locale) {
    language = locale;
    changed();
  }
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
export const currentLocale = (): Locale => language;

/** The page's language as the router decided it (URL prefix); provided by the app. */
export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);
export const useLocale = (): Locale => useContext(LocaleContext);

/** Whether a key exists in the current language or the ja fallback (for server error codes). */
export const hasMessage = (key: string): boolean => lookup(language, 'translation', key) !== undefined || lookup(DEFAULT_LOCALE, 'translation', key) !== undefined;

/** `t` with keys checked against ja; a new function (and a re-render) on every language change. */
export function useT(): Translate {
  const v = useSyncExternalStore(subscribe, getVersion);
  return useMemo<Translate>(() => (key, values) => translateIn('translation', key, values), [v]); // eslint-disable-line react-hooks/exhaustive-deps
}

/**
 * `t` for the texts of the lazily loaded pages: suspends (the layout shows the loading
 * state) until the page language's `content` messages are loaded.
 */
export function useContentT(): TranslateContent {
  const locale = useLocale();
  const v = useSyncExternalStore(subscribe, getVersion);
  if (!hasBundle(locale, 'content')) use(loadNamespace('content', locale));
  return useMemo<TranslateContent>(() => (key, values) => translateIn('content', key, values), [v]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** The same outside React (error messages built by the api client). */
export const translate: Translate = (key, values) => translateIn('translation', key, values);
