import i18next, { type TFunction } from 'i18next';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { APP_ROOT } from './app-root';
import { LOCALES, DEFAULT_LOCALE, type Locale } from './contracts/common';

const localesDir = resolve(APP_ROOT, 'locales');

const read = (file: string) => JSON.parse(readFileSync(resolve(localesDir, file), 'utf8')) as Record<string, unknown>;

/**
 * Message sets of features whose screens load their texts lazily (so they stay out of the
 * main bundle, see client/src/lib/i18n.ts) but whose error codes and validation keys the
 * server answers too: merged into each language's messages here (their keys never clash).
 */
const SERVER_MESSAGE_SETS = ['prizes'];

const resources = Object.fromEntries(LOCALES.map((l) => [l, { translation: read(`${l}.json`) }]));

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
for (const set of SERVER_MESSAGE_SETS)
  for (const l of LOCALES) instance.addResourceBundle(l, 'translation', read(`${set}/${l}.json`), true, false);

/** A translator for one locale, falling back to ja (the same files the client uses). */
export function translator(locale: Locale): TFunction {
  return instance.getFixedT(locale);
}
