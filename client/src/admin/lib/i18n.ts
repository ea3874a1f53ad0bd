import { createInstance } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@contracts/common';
import ja from '../../../../locales/admin/ja.json';

/**
 * The admin area's own messages (locales/admin/*.json) in its own i18next instance, so the
 * public app's messages and language never mix with the staff screens'. Under a language
 * prefix (`/en/management_admin/...`) the prefix decides; unprefixed, ja is the default and
 * the choice of the top bar's language switch, kept in this browser, applies.
 */
export type AdminMessages = typeof ja;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type AdminKey = Leaves<AdminMessages>;
export type AdminT = (key: AdminKey, values?: Record<string, string | number>) => string;

export { LOCALES, type Locale };

const KEY = 'admin.locale';

const loaders: Record<Exclude<Locale, 'ja'>, () => Promise<{ default: unknown }>> = {
  en: () => import('../../../../locales/admin/en.json'),
  ko: () => import('../../../../locales/admin/ko.json'),
  'zh-cn': () => import('../../../../locales/admin/zh-cn.json'),
  'zh-tw': () => import('../../../../locales/admin/zh-tw.json'),
};

export const adminI18n = createInstance();
void adminI18n.init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  lowerCaseLng: true,
  resources: { ja: { translation: ja } },
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** The language kept in this browser, else ja. */
export function storedAdminLocale(): Locale {
  try {
    const kept = localStorage.getItem(KEY);
    return isLocale(kept) ? kept : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** Keeps a language choice in this browser (for the unprefixed admin area). */
export function rememberAdminLocale(locale: Locale): void {
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // Storage blocked: the choice lasts for this page.
  }
}

/** Loads a language's admin messages (once), switches to it and (unless told not to) keeps the choice. */
export async function setAdminLocale(locale: Locale, { remember = true }: { remember?: boolean } = {}): Promise<void> {
  if (locale !== 'ja' && !adminI18n.hasResourceBundle(locale, 'translation')) {
    const mod = await loaders[locale]();
    adminI18n.addResourceBundle(locale, 'translation', mod.default, true, true);
  }
  if (adminI18n.language !== locale) await adminI18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  if (remember) rememberAdminLocale(locale);
}

/** The admin UI's language (sent as x-lang, so the server's messages follow it). */
export const adminLocale = (): Locale => (isLocale(adminI18n.language) ? adminI18n.language : DEFAULT_LOCALE);

/** `t` with keys checked against locales/admin/ja.json; re-renders on language change. */
export function useAdminT(): AdminT {
  return useTranslation(undefined, { i18n: adminI18n }).t as AdminT;
}

/** The current language, re-rendering on change. */
export function useAdminLocale(): Locale {
  const { i18n } = useTranslation(undefined, { i18n: adminI18n });
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** The same `t` outside React (api errors). */
export const adminT: AdminT = (key, values) => adminI18n.t(key, values);

/** Whether a message key exists (server error codes that have an admin text). */
export const hasAdminMessage = (key: string): boolean => adminI18n.exists(key);

/** BCP 47 tags for dates and numbers. */
export const INTL: Record<Locale, string> = {
  ja: 'ja-JP',
  en: 'en-US',
  ko: 'ko-KR',
  'zh-cn': 'zh-CN',
  'zh-tw': 'zh-TW',
};
