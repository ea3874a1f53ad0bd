/**
 * The one text folding of coupon search (issue 15), used when the search document is written
 * AND when a keyword is read, so both sides compare the same characters:
 *
 * 1. Unicode NFKC: full-width letters and digits become ASCII (`ＡＳＯ` → `ASO`), half-width
 *    katakana become full-width (`ﾗｰﾒﾝ` → `ラーメン`), compatibility forms are unfolded;
 * 2. lower case (`Aso` → `aso`);
 * 3. hiragana become katakana (`らーめん` → `ラーメン`, `ゝゞ` → `ヽヾ`);
 * 4. runs of white space become one space, trimmed.
 *
 * Kanji and hangul are left as they are: `温泉` and `溫泉` stay two words (the document holds
 * both, from the five languages' purpose names).
 */
export function foldSearchText(text: string): string {
  const lowered = text.normalize('NFKC').toLowerCase();
  let out = '';
  for (const ch of lowered) {
    const code = ch.codePointAt(0) as number;
    // ぁ (U+3041) .. ゖ (U+3096) and ゝ ゞ (U+309D, U+309E) sit 0x60 below their katakana.
    out +=
      (code >= 0x3041 && code <= 0x3096) || code === 0x309d || code === 0x309e ? String.fromCodePoint(code + 0x60) : ch;
  }
  return out.replace(/\s+/gu, ' ').trim();
}

/** The folded words of a keyword (split on white space, after folding), each to be found. */
export function keywordTerms(keyword: string): string[] {
  const folded = foldSearchText(keyword);
  return folded ? [...new Set(folded.split(' '))] : [];
}

/** Characters (code points) of a folded term: the trigram index needs at least 3. */
export const termLength = (term: string): number => [...term].length;

/** Shortest term the trigram indexes (FTS5 trigram, pg_trgm) can find; shorter ones are scanned. */
export const TRIGRAM = 3;

/**
 * The municipality (市区町村) of a Japanese address: the prefecture (…都/道/府/県) and a
 * district (…郡) are dropped and the name runs to the first 市, 町 or 村, so a designated
 * city's wards fold into the city: `熊本県熊本市中央区` → `熊本市`, `熊本県阿蘇郡南小国町` →
 * `南小国町`, `熊本県天草市` → `天草市`. Null when the address names none (empty, foreign).
 */
export function municipalityOf(address: string): string | null {
  const rest = address
    .normalize('NFKC')
    .trim()
    .replace(/^(東京都|北海道|(?:京都|大阪)府|.{2,3}?県)/u, '');
  const m = /^(?:[^市町村]+?郡)?(.+?[市町村])/u.exec(rest) ?? /^(.+?区)/u.exec(rest);
  return m?.[1] ?? null;
}
