import i18next, { type TFunction } from 'i18next';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { APP_ROOT } from './app-root';
import { LOCALES, DEFAULT_LOCALE, type Locale } from './contracts/common';

const localesDir = resolve(APP_ROOT, 'locales');

const resources = Object.fromEntries(
  LOCALES.map((l) => [l, { translation: JSON.parse(readFileSync(resolve(localesDir, `${l}.json`), 'utf8')) }]),
);

const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  // Our codes are lower case (zh-tw); without this i18next asks for zh-TW and falls back to ja.
  lowerCaseLng: true,
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** A translator for one locale, falling back to ja (the same files the client uses). */
export function translator(locale: Locale): TFunction {
  return instance.getFixedT(locale);
}
