import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Delayed } from '../../../components/delayed';
import { useContentT, useLocale, useT } from '../../../lib/i18n';
import { paths, useLocalePath } from '../../../lib/paths';
import { useAsync } from '../../../lib/use-async';
import { fetchStoreCoupons } from '../api/spot-qr.api';
import '../../../components/coupons.css';

/**
 * A text as served, marked `lang="ja"` with the "Japanese only" tag when it fell back. The
 * same as components/served-text's ServedText, on purpose: importing that module here moves it
 * into a chunk of its own that the coupon list's first view then loads (measured 120.15 KB of
 * gzipped JavaScript against the 120 KB budget, 119.99 KB with this copy).
 */
function Served({ text, served, tag = true }: { text: string; served: string | undefined; tag?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const fellBack = served === 'ja' && locale !== 'ja';
  return (
    <>
      <span lang={fellBack ? 'ja' : undefined}>{text}</span>
      {tag && fellBack && (
        <>
          {' '}
          <span className="ja-only">{t('common.jaOnly')}</span>
        </>
      )}
    </>
  );
}

/**
 * `/collect-points-qr/{id}/?code=...`: the page a shop's printed QR code opens (its own rows,
 * not the list's cards, so that the list's first-view chunks stay as they are). Until points
 * exist it does what is true today (issue 11): it shows the shop and its coupons shown today,
 * and when the code is the shop's current check-in code each coupon opens with it, so that
 * 'mark as used' takes it as the store code instead of the phone's position. A mistyped or
 * replaced code says so; the coupons stay usable by position. The header menu is hidden while
 * `code` is in the address (spec 2).
 */
export function SpotQrPage() {
  const t = useT();
  const c = useContentT();
  const locale = useLocale();
  const to = useLocalePath();
  const here = useLocation();
  const raw = useParams().id;
  const spotId = raw === undefined ? undefined : Number(raw);
  const code = useSearchParams()[0].get('code')?.trim() || undefined;
  const shop = useAsync(
    (signal) => (spotId === undefined ? Promise.resolve(null) : fetchStoreCoupons(spotId, code, signal)),
    [spotId, code, locale],
  );

  const toCoupons = (
    <Link className="btn btn--outline btn--lg btn--block" to={to(paths.couponList())}>
      {c('spotQr.allCoupons')}
    </Link>
  );

  if (shop.status === 'loading') {
    return (
      <section className="page">
        <Delayed role="status" aria-live="polite">
          <span className="visually-hidden">{t('common.loading')}</span>
          <div className="skeleton skeleton--title" />
          <div className="skeleton skeleton--line" />
        </Delayed>
      </section>
    );
  }
  if (shop.status === 'error' || shop.data === null) {
    const notFound = shop.status === 'ready' || shop.error.code === 'SPOT_NOT_FOUND';
    return (
      <section className="page" aria-labelledby="spot-qr-title">
        <header className="page-head">
          <h1 id="spot-qr-title" className="page-head__title">
            {t('pages.collectPointsQr')}
          </h1>
        </header>
        <div className={`alert ${notFound ? 'alert--info' : 'alert--error'}`} role="alert" data-testid="spot-qr-error">
          <p>{notFound ? c('spotQr.noShop') : shop.error.message}</p>
          {!notFound && (
            <button type="button" className="btn btn--ghost" onClick={shop.reload}>
              {t('common.retry')}
            </button>
          )}
        </div>
        {toCoupons}
      </section>
    );
  }

  const { spot, codeValid, coupons } = shop.data;
  return (
    <section className="page spot-qr" aria-labelledby="spot-qr-title">
      <header className="page-head">
        <p className="spot-qr__eyebrow">{t('pages.collectPointsQr')}</p>
        <h1 id="spot-qr-title" className="page-head__title" data-testid="spot-qr-name">
          <Served text={spot.name} served={spot.textLocale} />
        </h1>
        <p className="page-head__lead" lang={locale !== 'ja' ? 'ja' : undefined}>
          {spot.address}
        </p>
      </header>

      {codeValid === true && (
        <p className="alert alert--info" data-testid="spot-qr-valid">
          {c('spotQr.codeValid')}
        </p>
      )}
      {codeValid === false && (
        <p className="alert alert--error" role="alert" data-testid="spot-qr-invalid">
          {c('spotQr.codeInvalid')}
        </p>
      )}

      <h2 className="section-title">{c('spotQr.couponsTitle')}</h2>
      {coupons.length > 0 ? (
        <ul className="qr-coupons" data-testid="qr-coupons">
          {coupons.map((c) => (
            <li key={c.id}>
              <Link
                className="qr-coupon"
                data-coupon-id={c.id}
                state={{ backTo: here.pathname + here.search }}
                to={to(paths.couponDetail(c.id)) + (codeValid && code ? `?code=${encodeURIComponent(code)}` : '')}
              >
                <span className="qr-coupon__text">
                  <span className="qr-coupon__discount">
                    <Served text={c.discount} served={c.textLocale} tag={false} />
                  </span>
                  <span className="qr-coupon__title">
                    <Served text={c.title} served={c.textLocale} />
                  </span>
                  {c.givesGold && <span className="qr-coupon__gold">{t('coupons.goldBadge')}</span>}
                </span>
                <svg
                  className="qr-coupon__chevron"
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  aria-hidden="true"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                >
                  <path d="M9 5l7 7-7 7" />
                </svg>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <div className="empty empty--inline" data-testid="spot-qr-empty">
          <p>{c('spotQr.noCoupons')}</p>
        </div>
      )}
      <div className="list-foot">{toCoupons}</div>
    </section>
  );
}
