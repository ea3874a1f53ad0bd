import i18next from 'i18next';
import { createContext, useContext } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Locale } from '../../../server/src/contracts/common';
import ja from '../../../locales/ja.json';

export type { Locale };
export type Messages = typeof ja;

/** Every message key of ja (`coupons.markUsed`, ...): the client's keys are typed from ja. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

// Typed here rather than through i18next's global CustomTypeOptions, which would also bind
// the server's translator (it shares the i18next package) to the client's keys.

/** Spec 9: the five languages; ja is the default and has no URL prefix. */
export const LOCALES = ['ja', 'en', 'ko', 'zh-cn', 'zh-tw'] as const satisfies readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'ja';
export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** BCP 47 tags for Intl (dates, numbers) per language. */
export const INTL_TAGS: Record<Locale, string> = { ja: 'ja-JP', en: 'en-US', ko: 'ko-KR', 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW' };

// ja ships in the main bundle; the other languages are small chunks fetched on first use.
const loaders: Record<Exclude<Locale, 'ja'>, () => Promise<{ default: unknown }>> = {
  en: () => import('../../../locales/en.json'),
  ko: () => import('../../../locales/ko.json'),
  'zh-cn': () => import('../../../locales/zh-cn.json'),
  'zh-tw': () => import('../../../locales/zh-tw.json'),
};

void i18next.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  lowerCaseLng: true,
  resources: { ja: { translation: ja } },
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;

/** Whether a language's messages are loaded, so the UI can render in it at once. */
export const isLocaleReady = (locale: Locale): boolean =>
  i18next.language === locale && i18next.hasResourceBundle(locale, 'translation');

/** Loads a language's messages (once) and switches to it; `<html lang>` follows. */
export async function setLocale(locale: Locale): Promise<void> {
  if (locale !== 'ja' && !i18next.hasResourceBundle(locale, 'translation')) {
    const mod = await loaders[locale]();
    i18next.addResourceBundle(locale, 'translation', mod.default, true, true);
  }
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/** The language of the current page (from its URL prefix), for API calls outside React. */
export const currentLocale = (): Locale => (isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE);

/** The page's language as the router decided it (URL prefix); provided by the app. */
export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);
export const useLocale = (): Locale => useContext(LocaleContext);

/** Whether a key exists in the current language or the ja fallback (for server error codes). */
export const hasMessage = (key: string): boolean => i18next.exists(key);

/** `t` with keys checked against ja; re-renders on language change. */
export function useT(): Translate {
  return useTranslation().t as Translate;
}

/** The same outside React (error messages built by the api client). */
export const translate: Translate = (key, values) => i18next.t(key, values);
