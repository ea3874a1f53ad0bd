import { describe, expect, it } from 'vitest';
import { foldSearchText, keywordTerms, municipalityOf } from '../../server/src/domains/coupon-search';

/** The one folding of coupon search (issue 15), used for documents and keywords alike. */
describe('foldSearchText', () => {
  it('folds hiragana to katakana, width by NFKC, and case', () => {
    expect(foldSearchText('らーめん')).toBe('ラーメン');
    expect(foldSearchText('ﾗｰﾒﾝ')).toBe('ラーメン');
    expect(foldSearchText('ラーメン')).toBe('ラーメン');
    expect(foldSearchText('ＡＳＯ')).toBe('aso');
    expect(foldSearchText('Aso')).toBe('aso');
    expect(foldSearchText('ゔぁ ゝゞ')).toBe('ヴァ ヽヾ');
    expect(foldSearchText('ｶﾞｽﾄ')).toBe('ガスト');
  });

  it('leaves kanji and hangul alone and squeezes white space', () => {
    expect(foldSearchText(' 阿蘇\u3000 温泉 ')).toBe('阿蘇 温泉');
    expect(foldSearchText('온천')).toBe('온천');
    expect(foldSearchText('溫泉')).toBe('溫泉');
  });

  it('splits a keyword into distinct folded words', () => {
    expect(keywordTerms('阿蘇　らーめん ラーメン')).toEqual(['阿蘇', 'ラーメン']);
    expect(keywordTerms('   ')).toEqual([]);
  });
});

describe('municipalityOf', () => {
  it('drops the prefecture and district, and folds wards into their city', () => {
    expect(municipalityOf('熊本県熊本市中央区')).toBe('熊本市');
    expect(municipalityOf('熊本県熊本市中央区手取本町1-1')).toBe('熊本市');
    expect(municipalityOf('熊本県阿蘇郡南小国町')).toBe('南小国町');
    expect(municipalityOf('熊本県球磨郡あさぎり町')).toBe('あさぎり町');
    expect(municipalityOf('熊本県天草市')).toBe('天草市');
    expect(municipalityOf('熊本県上天草市')).toBe('上天草市');
    expect(municipalityOf('福島県郡山市朝日')).toBe('郡山市');
    expect(municipalityOf('東京都千代田区丸の内')).toBe('千代田区');
    expect(municipalityOf('')).toBeNull();
  });
});
