import { describe, expect, it } from 'vitest';
import { matchPage } from '@site/admin-page-table';
import { ADMIN_ROOTS, adminPathOf, PAGE_PATTERNS } from '@site/page-table';
import { browserLocale, decideLanguage, parseAcceptLanguage } from '@site/language-detection';
import { isLanguageRoot, localeOfPath, stripLocale, withLocale } from '@site/languages';
import { isPhoneUserAgent } from '@site/user-agent';

/** The route table and the language rule shared by the client and the server (spec 1, 2). */
describe('page route table', () => {
  const PREFIXES = ['', '/en', '/ko', '/zh-cn', '/zh-tw'];
  const LOCALE_OF = { '': 'ja', '/en': 'en', '/ko': 'ko', '/zh-cn': 'zh-cn', '/zh-tw': 'zh-tw' } as const;

  it('has every public route of spec 2, each ending with a slash', () => {
    expect(Object.values(PAGE_PATTERNS).sort()).toEqual(
      [
        '/',
        '/about/',
        '/campaign/',
        '/contact/',
        '/coupon/',
        '/faq/',
        '/payment/',
        '/point/',
        '/privacy/',
        '/terms/',
        '/coupon/question/',
        '/coupon/search_window/',
        '/coupon/store_coupon/',
        '/coupon/gps/nearly_coupon/',
        '/coupon/:id/',
        '/info/form/',
        '/payment/points-payment/',
        '/payment/thanks/',
        '/prize/question/',
        '/prize/:id?/',
        '/stamp/:id?/',
        '/collect-points-qr/:id?/',
        '/campaign/stamp-rally/:id?/',
        // Issue 15: spec 2's favourites list and coupon ranking (screens without a path in spec 2).
        '/coupon/favorite/',
        '/coupon/ranking/',
      ].sort(),
    );
  });

  it.each(PREFIXES)('matches every page under the prefix %j in its language', (prefix) => {
    const cases: Array<[string, string, Record<string, string | undefined>]> = [
      ['/', 'home', {}],
      ['/faq/', 'faq', {}],
      ['/coupon/', 'couponList', {}],
      ['/coupon/12/', 'couponDetail', { id: '12' }],
      ['/coupon/question/', 'couponQuestion', {}],
      ['/coupon/gps/nearly_coupon/', 'nearbyCoupons', {}],
      ['/stamp/', 'stamps', { id: undefined }],
      ['/stamp/3/', 'stamps', { id: '3' }],
      ['/prize/question/', 'prizeQuestion', {}],
      ['/prize/7/', 'prize', { id: '7' }],
      ['/campaign/stamp-rally/', 'stampRally', { id: undefined }],
      ['/collect-points-qr/5/', 'collectPointsQr', { id: '5' }],
      ['/payment/points-payment/', 'pointsPayment', {}],
    ];
    for (const [path, id, params] of cases) {
      expect(matchPage(prefix + path), prefix + path).toEqual({
        area: 'public',
        id,
        locale: LOCALE_OF[prefix as keyof typeof LOCALE_OF],
        params,
      });
    }
  });

  it('knows nothing else: unknown paths, bad ids, a /ja prefix, unknown languages, no trailing slash', () => {
    for (const path of [
      '/nothing/',
      '/coupon/abc/',
      '/coupon/0/',
      '/coupon/12/extra/',
      '/ja/faq/',
      '/fr/faq/',
      '/en/en/',
      '/faq',
      '/en',
      '/stamp/-1/',
      '/coupon/1e3/',
    ]) {
      expect(matchPage(path), path).toBeNull();
    }
  });

  it('knows the admin pages (unprefixed, optional ids in the middle too)', () => {
    expect(matchPage('/management_admin/')).toMatchObject({ area: 'admin', id: 'index' });
    expect(matchPage('/management_admin/login/')).toMatchObject({ area: 'admin', id: 'login' });
    expect(matchPage('/management_admin/campaign/regist/')).toMatchObject({ area: 'admin', id: 'campaignNew' });
    expect(matchPage('/management_admin/campaign/4/')).toMatchObject({
      area: 'admin',
      id: 'campaign',
      params: { id: '4' },
    });
    expect(matchPage('/management_admin/coupon/view/')).toMatchObject({
      area: 'admin',
      id: 'couponView',
      params: { id: undefined },
    });
    expect(matchPage('/management_admin/coupon/9/view/')).toMatchObject({
      area: 'admin',
      id: 'couponView',
      params: { id: '9' },
    });
    expect(matchPage('/management_admin/user/list/2/')).toMatchObject({ area: 'admin', id: 'user' });
    expect(matchPage('/management_admin/setting/spot/regist/')).toMatchObject({ area: 'admin', id: 'spotNew' });
    expect(matchPage('/management_admin/setting/spot/3/')).toMatchObject({
      area: 'admin',
      id: 'spot',
      params: { id: '3' },
    });
    expect(matchPage('/management_admin/nothing/')).toBeNull();
  });

  it('knows the admin pages under each language prefix, in that language', () => {
    expect(matchPage('/management_admin/')).toMatchObject({ area: 'admin', id: 'index', locale: 'ja' });
    expect(matchPage('/en/management_admin/')).toMatchObject({ area: 'admin', id: 'index', locale: 'en' });
    expect(matchPage('/ko/management_admin/login/')).toMatchObject({ area: 'admin', id: 'login', locale: 'ko' });
    expect(matchPage('/zh-cn/management_admin/coupon/9/view/')).toMatchObject({
      area: 'admin',
      id: 'couponView',
      locale: 'zh-cn',
      params: { id: '9' },
    });
    expect(matchPage('/zh-tw/management_admin/setting/spot/3/')).toMatchObject({
      area: 'admin',
      id: 'spot',
      locale: 'zh-tw',
    });
    expect(matchPage('/en/management_admin/nothing/')).toBeNull();
    expect(matchPage('/ja/management_admin/')).toBeNull();
    expect(matchPage('/fr/management_admin/')).toBeNull();
    expect(matchPage('/en/en/management_admin/')).toBeNull();
    expect(ADMIN_ROOTS).toEqual([
      '/management_admin',
      '/en/management_admin',
      '/ko/management_admin',
      '/zh-cn/management_admin',
      '/zh-tw/management_admin',
    ]);
    expect(adminPathOf('/en/management_admin')).toEqual({ locale: 'en', path: '/management_admin' });
    expect(adminPathOf('/en/management_adminx/')).toBeNull();
    expect(adminPathOf('/en/faq/')).toBeNull();
  });

  it('adds, reads and strips the language prefix', () => {
    expect(withLocale('ja', '/faq/')).toBe('/faq/');
    expect(withLocale('zh-tw', '/faq/')).toBe('/zh-tw/faq/');
    expect(localeOfPath('/ko/coupon/')).toBe('ko');
    expect(localeOfPath('/coupon/')).toBe('ja');
    expect(localeOfPath('/ja/coupon/')).toBe('ja');
    expect(stripLocale('/en/faq/')).toBe('/faq/');
    expect(stripLocale('/en/')).toBe('/');
    expect(stripLocale('/faq/')).toBe('/faq/');
    expect(isLanguageRoot('/')).toBe(true);
    expect(isLanguageRoot('/zh-cn/')).toBe(true);
    expect(isLanguageRoot('/coupon/')).toBe(false);
  });
});

describe('language detection (spec 2)', () => {
  it('maps browser languages to the five', () => {
    expect(browserLocale(['en-GB'])).toBe('en');
    expect(browserLocale(['fr-FR', 'ko-KR'])).toBe('ko');
    expect(browserLocale(['zh-TW'])).toBe('zh-tw');
    expect(browserLocale(['zh-HK'])).toBe('zh-tw');
    expect(browserLocale(['zh-Hant-TW'])).toBe('zh-tw');
    expect(browserLocale(['zh-CN'])).toBe('zh-cn');
    expect(browserLocale(['zh'])).toBe('zh-cn');
    expect(browserLocale(['ja-JP', 'en'])).toBe('ja');
    expect(browserLocale(['fr', 'de'])).toBeNull();
  });

  it('orders Accept-Language by q', () => {
    expect(parseAcceptLanguage('fr;q=0.9, ko-KR;q=0.95, en;q=0.1, *;q=0.5, de;q=0')).toEqual(['ko-KR', 'fr', 'en']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it('?lang=xx remembers the language, drops the parameter and goes to the prefixed page', () => {
    expect(decideLanguage({ pathname: '/coupon/', search: '?lang=en', preferred: [] })).toEqual({
      location: '/en/coupon/',
      remember: 'en',
    });
    expect(decideLanguage({ pathname: '/ko/coupon/12/', search: '?x=1&lang=ZH-TW&y=2', preferred: [] })).toEqual({
      location: '/zh-tw/coupon/12/?x=1&y=2',
      remember: 'zh-tw',
    });
    expect(decideLanguage({ pathname: '/en/faq/', search: '?lang=ja', preferred: [] })).toEqual({
      location: '/faq/',
      remember: 'ja',
    });
    expect(decideLanguage({ pathname: '/', search: '?lang=ko', cookie: 'en', preferred: ['en'] })).toEqual({
      location: '/ko/',
      remember: 'ko',
    });
  });

  it('ignores an unknown ?lang (the parameter goes, the language stays)', () => {
    expect(decideLanguage({ pathname: '/coupon/', search: '?lang=fr&code=9', preferred: [] })).toEqual({
      location: '/coupon/?code=9',
      remember: null,
    });
  });

  it('on the root path only: the cookie, else the browser language, else ja', () => {
    expect(decideLanguage({ pathname: '/', search: '', cookie: 'ko', preferred: ['en-US'] })).toEqual({
      location: '/ko/',
      remember: 'ko',
    });
    expect(decideLanguage({ pathname: '/', search: '?code=1', cookie: null, preferred: ['en-US'] })).toEqual({
      location: '/en/?code=1',
      remember: 'en',
    });
    expect(decideLanguage({ pathname: '/', search: '', cookie: 'xx', preferred: ['zh-TW'] })).toEqual({
      location: '/zh-tw/',
      remember: 'zh-tw',
    });
    expect(decideLanguage({ pathname: '/', search: '', cookie: 'ja', preferred: ['en-US'] })).toBeNull();
    expect(decideLanguage({ pathname: '/', search: '', cookie: null, preferred: ['fr'] })).toEqual({
      location: null,
      remember: 'ja',
    });
    // Not the root: the prefix (or its absence) decides.
    expect(decideLanguage({ pathname: '/coupon/', search: '', cookie: 'ko', preferred: ['en'] })).toBeNull();
    expect(decideLanguage({ pathname: '/en/', search: '', cookie: 'ko', preferred: ['ko'] })).toBeNull();
  });

  it('leaves the admin area alone', () => {
    expect(decideLanguage({ pathname: '/management_admin/', search: '?lang=en', preferred: [] })).toBeNull();
    expect(decideLanguage({ pathname: '/en/management_admin/', search: '?lang=ko', preferred: [] })).toBeNull();
  });
});

describe('mobile gate (spec 1)', () => {
  it('counts iphone, ipad, android or mobile in the user agent (any case) as a phone', () => {
    expect(isPhoneUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) Mobile/15E148 Safari/604.1')).toBe(
      true,
    );
    expect(isPhoneUserAgent('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe(true);
    expect(isPhoneUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36')).toBe(true);
    expect(isPhoneUserAgent('Line/14.0 MOBILE')).toBe(true);
    expect(isPhoneUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36')).toBe(
      false,
    );
    expect(isPhoneUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe(false);
  });
});
