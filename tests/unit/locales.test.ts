import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 4, Texts: every message set (locales/<lang>.json, and each folder of locales/ that
 * has a ja.json: content, admin) has every ja key, non-empty, in en, ko, zh-cn and zh-tw,
 * with the same `{{placeholders}}`; and the other languages are real translations, not
 * Japanese copied over.
 */
const ROOT = 'locales';
const OTHERS = ['en', 'ko', 'zh-cn', 'zh-tw'] as const;
type Tree = { [k: string]: string | Tree };

const sets = [
  ROOT,
  ...readdirSync(ROOT, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(ROOT, d.name)),
].filter((dir) => existsSync(join(dir, 'ja.json')));
const read = (dir: string, lang: string): Tree => JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as Tree;

function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(tree)) {
    if (v && typeof v === 'object') for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
    else out.set(`${prefix}${k}`, v);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1]).sort();

/** Hiragana or katakana: Japanese script that no other language's text should contain. */
const KANA = /[\u3041-\u309f\u30a1-\u30fa\u30fc]/;
/**
 * Keys whose other-language text must name a Japanese source as published: the data
 * attribution (README "Data and licences").
 */
const KANA_ALLOWED = new Set(['about.attrGeolonia']);

describe.each(sets)('message set %s', (dir) => {
  const ja = leaves(read(dir, 'ja'));

  it('has ja keys that are all non-empty strings', () => {
    for (const [key, value] of ja) expect(typeof value === 'string' && value.trim() !== '', `ja ${key}`).toBe(true);
  });

  it.each(OTHERS)('has every ja key, non-empty and with the same placeholders, in %s', (lang) => {
    expect(existsSync(join(dir, `${lang}.json`)), `${dir}/${lang}.json`).toBe(true);
    const other = leaves(read(dir, lang));
    const missing = [...ja.keys()].filter((k) => typeof other.get(k) !== 'string' || !(other.get(k) as string).trim());
    expect(missing, `${dir}/${lang}.json lacks`).toEqual([]);
    const mismatched = [...ja].filter(
      ([k, v]) => JSON.stringify(placeholders(v as string)) !== JSON.stringify(placeholders(other.get(k) as string)),
    );
    expect(
      mismatched.map(([k]) => k),
      `${dir}/${lang}.json placeholders differ`,
    ).toEqual([]);
  });

  it.each(OTHERS)('has no Japanese copied into %s', (lang) => {
    const other = leaves(read(dir, lang));
    const copied = [...other]
      .filter(([k, v]) => typeof v === 'string' && KANA.test(v) && !KANA_ALLOWED.has(k))
      .map(([k]) => k);
    expect(copied, `${dir}/${lang}.json has kana in`).toEqual([]);
  });
});
