import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Delayed } from '../../../components/delayed';
import { SavedNote } from '../../../components/offline-saved-note';
import { ServedText } from '../../../components/served-text';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useLocale, useNearbyT, useT } from '../../../lib/i18n';
import { useBackOnline } from '../../../lib/offline-status';
import { isIdParam, paths, useLocalePath } from '../../../lib/paths';
import { useAsync } from '../../../lib/use-async';
import { checkStoreCode, loadStoreCoupons } from '../api/nearby.api';
import { PlaceCouponCard } from '../components/place-coupon-card';
import { StoreCodeDialog } from '../components/store-code-dialog';
import { SpotMap, type MapPoint } from '../map/spot-map';
import { routeUrl } from '../utils/route-url';
import '../i18n/nearby-messages';
import '../../../components/coupons.css';
import './place-pages.css';

/**
 * `/coupon/store_coupon/?spot={id}` (spec 2, issue 15): all coupons of one shop shown today
 * (two columns), the shop's name, address, map and route link, and the store code entry
 * (spec 2's modal): a code the shop confirms is kept in the address (`&code=`), checked again
 * with the shop whenever the page loads, and while current travels with each coupon to its
 * detail, where 'mark as used' takes it in place of the position (as the shop's printed QR
 * code does); a code that is not current says so. The shop is the `spot` query parameter (a spot id), so a
 * link from a coupon's shop entry or a shared address reproduces the page. Spots have no
 * opening hours yet: the page says to check them with the shop. Offline it shows the copy
 * saved when the shop was last seen.
 */
export function StoreCouponsPage() {
  const t = useT();
  const n = useNearbyT();
  const locale = useLocale();
  const to = useLocalePath();
  const [params, setParams] = useSearchParams();
  const raw = params.get('spot') ?? '';
  const spotId = isIdParam(raw) ? Number(raw) : null;
  const code = params.get('code')?.trim() || undefined;
  const shop = useAsync(
    () => (spotId === null ? Promise.resolve(null) : loadStoreCoupons(spotId, code, locale)),
    [spotId, code, locale],
  );
  const [dialog, setDialog] = useState(false);
  const [checking, setChecking] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const savedCopy = shop.status === 'ready' && shop.data !== null && shop.data.savedAt !== null;
  useBackOnline(() => {
    if (savedCopy || shop.status === 'error') shop.reload();
  });

  const spot = shop.status === 'ready' ? shop.data?.data.spot : undefined;
  const points = useMemo<MapPoint[]>(
    () =>
      spot ? [{ id: `spot-${spot.id}`, lat: spot.latitude, long: spot.longitude, name: spot.name, kind: 'spot' }] : [],
    [spot],
  );

  const submitCode = async (value: string) => {
    if (spotId === null) return;
    setChecking(true);
    setCodeError(null);
    try {
      if (await checkStoreCode(spotId, value)) {
        setDialog(false);
        setParams(
          (p) => {
            p.set('code', value.toUpperCase());
            return p;
          },
          { replace: true },
        );
      } else setCodeError(n('store.codeWrong'));
    } catch (err) {
      setCodeError(err instanceof ApiError ? err.message : t('errors.INTERNAL'));
    } finally {
      setChecking(false);
    }
  };

  const toList = (
    <Link className="btn btn--outline btn--lg btn--block" to={to(paths.couponList())}>
      {n('nearby.toList')}
    </Link>
  );

  if (shop.status === 'loading') {
    return (
      <section className="page">
        <Delayed role="status" aria-live="polite">
          <span className="visually-hidden">{t('common.loading')}</span>
          <div className="skeleton skeleton--title" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </Delayed>
      </section>
    );
  }
  if (shop.status === 'error' || shop.data === null) {
    const notFound = shop.status === 'ready' || shop.error.code === 'SPOT_NOT_FOUND';
    const offline = shop.status === 'error' && shop.error.code === 'NETWORK';
    return (
      <section className="page" aria-labelledby="store-title">
        <header className="page-head">
          <h1 id="store-title" className="page-head__title">
            {t('pages.storeCoupon')}
          </h1>
        </header>
        <div
          className={`alert ${notFound ? 'alert--info' : 'alert--error'}`}
          role="alert"
          data-testid={notFound ? 'store-not-found' : offline ? 'store-offline' : 'store-error'}
        >
          <p>{notFound ? n('store.notFound') : offline ? n('store.offline') : shop.error.message}</p>
          {!notFound && (
            <button type="button" className="btn btn--ghost" onClick={shop.reload}>
              {t('common.retry')}
            </button>
          )}
        </div>
        {toList}
      </section>
    );
  }

  const { data, savedAt } = shop.data;
  const { coupons } = data;
  const shopSpot = data.spot;
  // A code in the address counts once the shop confirmed it (not from a saved copy).
  const confirmed = code !== undefined && savedAt === null && data.codeValid === true;
  return (
    <section className="page place" aria-labelledby="store-title">
      <header className="page-head">
        <p className="place__eyebrow">{t('pages.storeCoupon')}</p>
        <h1 id="store-title" className="page-head__title" data-testid="store-name">
          <ServedText text={shopSpot.name} served={shopSpot.textLocale} />
        </h1>
        <p className="page-head__lead">{n('store.lead')}</p>
      </header>
      {savedAt !== null && <SavedNote savedAt={savedAt} />}

      <SpotMap points={points} label={n('map.label')} />

      <dl className="place__facts">
        <div className="place__fact">
          <dt>{n('store.address')}</dt>
          {/* Addresses are kept in Japanese only (as a taxi driver or a map needs them). */}
          <dd lang={locale !== 'ja' ? 'ja' : undefined} data-testid="store-address">
            {shopSpot.address}
          </dd>
        </div>
      </dl>
      <p className="place__note">{n('store.spotsNote')}</p>
      <a className="btn btn--route btn--block" href={routeUrl(shopSpot)} target="_blank" rel="noopener noreferrer">
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M3 11l18-8-8 18-2-8z" />
        </svg>
        {t('coupons.route')}
        <span className="visually-hidden">{t('common.opensInNewTab')}</span>
      </a>

      <div className="place__code">
        {confirmed ? (
          <p className="alert alert--info" data-testid="store-code-ok">
            {n('store.codeOk')}
          </p>
        ) : (
          <>
            {code !== undefined && savedAt === null && (
              <p className="alert alert--error" role="alert" data-testid="store-code-wrong">
                {n('store.codeWrong')}
              </p>
            )}
            <p className="place__note">{n('store.storeCodeNote')}</p>
            <button
              type="button"
              className="btn btn--outline btn--block"
              onClick={() => {
                setCodeError(null);
                setDialog(true);
              }}
              disabled={savedAt !== null}
            >
              {n('store.storeCode')}
            </button>
          </>
        )}
      </div>

      <h2 className="section-title">
        {n('store.coupons')}{' '}
        <span className="place__count">{n('store.count', { count: formatNumber(coupons.length, locale) })}</span>
      </h2>
      {coupons.length > 0 ? (
        <ul className="coupon-grid" data-testid="store-coupons">
          {coupons.map((c) => (
            <PlaceCouponCard key={c.id} coupon={c} code={confirmed ? code : undefined} />
          ))}
        </ul>
      ) : (
        <div className="empty empty--inline" data-testid="store-empty">
          <p>{n('store.empty')}</p>
        </div>
      )}
      <div className="list-foot">{toList}</div>
      <StoreCodeDialog
        open={dialog}
        busy={checking}
        error={codeError}
        onClose={() => setDialog(false)}
        onSubmit={(value) => void submitCode(value)}
        submitLabel={n('store.checkCode')}
      />
    </section>
  );
}
