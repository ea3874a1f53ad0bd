import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Delayed } from '../../../components/delayed';
import { SavedNote } from '../../../components/offline-saved-note';
import { ServedText } from '../../../components/served-text';
import { formatJstDate } from '../../../lib/format';
import { useLocale, useT, useDeferredT } from '../../../lib/i18n';
import { useBackOnline } from '../../../lib/offline-status';
import { paths, useLocalePath } from '../../../lib/paths';
import { useAsync } from '../../../lib/use-async';
import { loadCouponDetail } from '../api/coupons.offline';
import { CouponVisual } from '../components/coupon-visual';
import { FavoriteButton } from '../components/favorite-button';
import { MarkUsedPanel } from '../components/mark-used-panel';
import { PurposeIcon } from '../../../components/purpose-icon';
import { SpotList } from '../components/spot-list';
import { useMarkUsed } from '../hooks/use-mark-used';
import '../../../components/coupons.css';

/** `/coupon/{id}/`: what the coupon gives, where, until when, its heart, and 'mark as used'. */
export function CouponDetailPage() {
  const t = useT();
  const v = useDeferredT();
  const locale = useLocale();
  const to = useLocalePath();
  const id = Number(useParams().id);
  // Opened from a shop's printed QR code: its check-in code proves presence (issue 11).
  const qrCode = useSearchParams()[0].get('code')?.trim() || undefined;
  // Opened from a shop's QR page or its coupons page, or from the nearby coupons: the back
  // arrow returns there (the menu is hidden meanwhile on the QR page).
  const backTo = (useLocation().state as { backTo?: unknown } | null)?.backTo;
  const from =
    typeof backTo === 'string'
      ? /^\/([a-z-]+\/)?(collect-points-qr|coupon\/store_coupon)\//.test(backTo)
        ? 'shop'
        : /^\/([a-z-]+\/)?coupon\/gps\/nearly_coupon\//.test(backTo)
          ? 'nearby'
          : null
      : null;
  const backPath = from && typeof backTo === 'string' ? backTo : to(paths.couponList());
  const backLabel =
    from === 'shop' ? v('spotQr.backToShop') : from === 'nearby' ? t('pages.nearbyCoupons') : t('coupons.backToList');
  const detail = useAsync(() => loadCouponDetail(id, locale), [id, locale]);
  const markUsed = useMarkUsed(id, detail.data?.data.title ?? '', detail.data?.data.givesGold ?? false);
  const savedCopy = detail.status === 'ready' && detail.data.savedAt !== null;

  // Back online while the saved copy shows: load the live detail.
  useBackOnline(() => {
    if (savedCopy || detail.status === 'error') detail.reload();
  });

  const back = (
    <Link className="back-link" to={backPath}>
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M15 5l-7 7 7 7" />
      </svg>
      {backLabel}
    </Link>
  );

  if (detail.status === 'loading') {
    return (
      <section className="page page--flush">
        <Delayed role="status" aria-live="polite">
          <span className="visually-hidden">{t('common.loading')}</span>
          <div className="skeleton skeleton--hero" />
          <div className="detail__sheet">
            <div className="skeleton skeleton--title" />
            <div className="skeleton skeleton--ticket" />
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line skeleton--short" />
          </div>
        </Delayed>
      </section>
    );
  }
  if (detail.status === 'error') {
    return (
      <section className="page" aria-labelledby="coupon-title">
        <h1 id="coupon-title" className="visually-hidden">
          {t('pages.couponDetail')}
        </h1>
        {back}
        <div className="alert alert--error" role="alert">
          <p>{detail.error.message}</p>
          {detail.error.code !== 'COUPON_NOT_FOUND' && (
            <button type="button" className="btn btn--ghost" onClick={detail.reload}>
              {t('common.retry')}
            </button>
          )}
        </div>
      </section>
    );
  }

  const { data: c, savedAt, partial } = detail.data;
  return (
    <article className="page page--flush detail" aria-labelledby="coupon-title">
      <div className="detail__hero">
        <CouponVisual coupon={c} variant="hero" />
        <Link className="detail__back" to={backPath} aria-label={backLabel}>
          <svg
            viewBox="0 0 24 24"
            width="22"
            height="22"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </Link>
        <FavoriteButton coupon={c} className="detail__fav" />
      </div>
      <div className="detail__sheet">
        <ul className="chips">
          <li className="chip chip--area">{t(`areas.${c.area}`)}</li>
          <li className={`chip chip--purpose tint--${c.purpose}`}>
            <PurposeIcon purpose={c.purpose} size={14} />
            {t(`purposes.${c.purpose}`)}
          </li>
          {c.genre && (
            // Genres and tags are kept in Japanese only: marked so screen readers read them as such.
            <li className="chip" lang={locale !== 'ja' ? 'ja' : undefined}>
              {c.genre}
            </li>
          )}
        </ul>
        <h1 id="coupon-title" className="detail__title">
          <ServedText text={c.title} served={c.textLocale} />
        </h1>
        {c.spot && (
          <p className="detail__shop">
            <ServedText text={c.spot.name} served={c.spot.textLocale} />
          </p>
        )}
        {savedAt !== null && <SavedNote savedAt={savedAt} />}
        {partial && (
          <p className="alert alert--info" data-testid="partial-detail">
            {t('coupons.partialDetail')}
          </p>
        )}

        <div className="ticket">
          <p className="ticket__value" data-testid="coupon-discount">
            <ServedText text={c.discount} served={c.textLocale} tag={false} />
          </p>
          <p className={`ticket__stamp ticket__stamp--${c.givesGold ? 'gold' : 'red'}`}>
            <span className="dot" aria-hidden="true" />
            {c.givesGold ? t('coupons.goldNote') : t('coupons.redNote')}
          </p>
        </div>

        {!partial && (
          <section className="detail__section">
            <h2 className="section-title">{t('coupons.description')}</h2>
            <p className="detail__text">
              <ServedText text={c.description} served={c.textLocale} tag={false} />
            </p>
          </section>
        )}

        <dl className="facts">
          <div className="facts__row">
            <dt>{t('coupons.validity')}</dt>
            <dd>
              {t('coupons.validityRange', {
                from: formatJstDate(c.validFrom, locale),
                to: formatJstDate(c.validTo, locale),
              })}
            </dd>
          </div>
        </dl>

        {c.tags.length > 0 && (
          <ul className="tags" aria-label={t('coupons.tags')} lang={locale !== 'ja' ? 'ja' : undefined}>
            {c.tags.map((tag) => (
              <li key={tag} className="tag">
                {tag}
              </li>
            ))}
          </ul>
        )}

        {c.spots.length > 0 && (
          <section className="detail__section">
            <h2 className="section-title">{t('coupons.spots')}</h2>
            <SpotList spots={c.spots} />
          </section>
        )}
      </div>
      <div className="detail__action">
        <MarkUsedPanel
          couponId={c.id}
          state={markUsed}
          usedToday={c.usedToday === true}
          onPress={(how) => void markUsed.press(how)}
          qrCode={qrCode}
        />
      </div>
    </article>
  );
}
