import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { NearbyCoupon } from '@contracts/nearby-coupons';
import { Delayed } from '../../../components/delayed';
import { ServedText } from '../../../components/served-text';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import type { Position } from '../../../lib/geolocation';
import { useLocale, useNearbyT, useT, type Locale, type TranslateNearby } from '../../../lib/i18n';
import { startLocationWatch, stopLocationWatch } from '../../../lib/location-watch';
import { useBackOnline, useOfflineStore } from '../../../lib/offline-status';
import { paths, useLocalePath } from '../../../lib/paths';
import { fetchNearbyCoupons, NEARBY_COUPONS_DEFAULT_RANGE_M } from '../api/nearby.api';
import { LocationSteps } from '../components/location-steps';
import { PlaceCouponCard } from '../components/place-coupon-card';
import { SpotMap, type MapPoint } from '../map/spot-map';
import '../../../components/coupons.css';
import '../i18n/nearby-messages';
import './place-pages.css';

/** The wider search offered when nothing is in the default range (metres). */
const WIDER_RANGE_M = 20000;

type Found = { at: Position; range: number; items: NearbyCoupon[]; total: number; page: number };
type View =
  | { kind: 'ask' }
  | { kind: 'locating' }
  | { kind: 'denied' }
  | { kind: 'timeout' }
  | { kind: 'unavailable' }
  | { kind: 'error'; message: string }
  | { kind: 'empty'; at: Position; range: number }
  | ({ kind: 'found' } & Found);

/** Metres as the visitor reads them: "850 m" under a kilometre, else "1.2 km". */
export function distanceText(m: number, n: TranslateNearby, locale: Locale): string {
  return m < 1000
    ? n('nearby.distanceM', { distance: formatNumber(m, locale) })
    : n('nearby.distanceKm', { distance: formatNumber(Math.round(m / 100) / 10, locale) });
}

async function permission(): Promise<PermissionState | 'unknown'> {
  try {
    return (await navigator.permissions.query({ name: 'geolocation' })).state;
  } catch {
    return 'unknown';
  }
}

/**
 * `/coupon/gps/nearly_coupon/` (spec 2, issue 15): coupons usable near the visitor, nearest
 * first, with the distance to their nearest shop and a map of those shops and the visitor.
 * Spec 4's location watcher finds the position: the first fix asks the server
 * (POST /coupons/get/nearby/coupon/lists), again at least 10 s later while nothing came back,
 * and it stops when coupons are found or after a miss. Location already allowed (or the
 * browser cannot say) starts at once; otherwise a tap asks for it; refused or off, the screen
 * explains how to turn it on (LINE's and the phone's settings) with a retry. Offline it says
 * so and starts when the network is back. Nothing within 3 km offers a 20 km search.
 */
export function NearbyCouponsPage() {
  const t = useT();
  const n = useNearbyT();
  const locale = useLocale();
  const to = useLocalePath();
  const online = useOfflineStore((s) => s.online);
  const [view, setView] = useState<View>({ kind: 'locating' });
  const [more, setMore] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const live = useRef(true);

  const start = useCallback(
    (range: number) => {
      setView({ kind: 'locating' });
      setMore({ busy: false, error: null });
      let last: Found | null = null;
      return startLocationWatch<NearbyCoupon>({
        fetchSpots: async (at) => {
          try {
            const r = await fetchNearbyCoupons(at, { range, page: 1, locale });
            last = { at, range, items: r.data, total: r.meta.total, page: 1 };
            return r.data;
          } catch (err) {
            if (live.current) setView({ kind: 'error', message: err instanceof ApiError ? err.message : String(err) });
            throw err;
          }
        },
        onEvent: (e) => {
          if (!live.current) return;
          if (e.type === 'spots' && last) setView({ kind: 'found', ...last });
          else if (e.type === 'denied') setView({ kind: 'denied' });
          else if (e.type === 'miss' && e.reason === 'none' && last)
            setView({ kind: 'empty', at: last.at, range: last.range });
          else if (e.type === 'miss' && e.reason === 'error' && e.error?.code !== 1)
            setView({ kind: e.error?.code === 3 ? 'timeout' : 'unavailable' });
        },
      });
    },
    // The answer is in the page's language: a language switch asks again.
    [locale],
  );

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      stopLocationWatch();
    };
  }, []);

  useEffect(() => {
    if (!online) return;
    let alive = true;
    void permission().then((state) => {
      if (!alive) return;
      if (state === 'denied') setView({ kind: 'denied' });
      else if (state === 'prompt') setView({ kind: 'ask' });
      else start(NEARBY_COUPONS_DEFAULT_RANGE_M);
    });
    return () => {
      alive = false;
      stopLocationWatch();
    };
  }, [online, start]);

  useBackOnline(() => {
    if (view.kind === 'error') start(NEARBY_COUPONS_DEFAULT_RANGE_M);
  });

  const loadMore = async () => {
    if (view.kind !== 'found') return;
    setMore({ busy: true, error: null });
    try {
      const r = await fetchNearbyCoupons(view.at, { range: view.range, page: view.page + 1, locale });
      const known = new Set(view.items.map((c) => c.id));
      setView({
        ...view,
        items: [...view.items, ...r.data.filter((c) => !known.has(c.id))],
        total: r.meta.total,
        page: view.page + 1,
      });
      setMore({ busy: false, error: null });
    } catch (err) {
      setMore({ busy: false, error: err instanceof ApiError ? err.message : t('errors.INTERNAL') });
    }
  };

  const points = useMemo<MapPoint[]>(() => {
    if (view.kind !== 'found') return [];
    const spots = new Map<number, MapPoint>();
    for (const c of view.items) {
      const s = c.nearestSpot;
      spots.set(s.id, { id: `spot-${s.id}`, lat: s.latitude, long: s.longitude, name: s.name, kind: 'spot' });
    }
    return [{ id: 'you', lat: view.at.lat, long: view.at.long, name: n('map.you'), kind: 'you' }, ...spots.values()];
  }, [view, n]);

  const toList = (
    <Link className="btn btn--outline btn--lg btn--block" to={to(paths.couponList())}>
      {n('nearby.toList')}
    </Link>
  );
  const again = (
    <button type="button" className="btn btn--outline btn--block" onClick={() => start(NEARBY_COUPONS_DEFAULT_RANGE_M)}>
      {n('nearby.again')}
    </button>
  );

  let body;
  if (!online && view.kind !== 'found') {
    body = (
      <>
        <div className="alert alert--info" role="status" data-testid="nearby-offline">
          <p>{n('nearby.offline')}</p>
        </div>
        {toList}
      </>
    );
  } else if (view.kind === 'ask') {
    body = (
      <div className="place__ask" data-testid="nearby-ask">
        <p>{n('nearby.askLead')}</p>
        <button
          type="button"
          className="btn btn--primary btn--lg btn--block"
          onClick={() => start(NEARBY_COUPONS_DEFAULT_RANGE_M)}
        >
          {n('nearby.start')}
        </button>
      </div>
    );
  } else if (view.kind === 'locating') {
    body = (
      <Delayed role="status" aria-live="polite">
        <p className="place__locating" data-testid="nearby-locating">
          {n('nearby.locating')}
        </p>
        <ul className="coupon-grid" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="coupon-card coupon-card--skeleton">
              <div className="skeleton skeleton--media" />
              <div className="coupon-card__body">
                <div className="skeleton skeleton--line" />
              </div>
            </li>
          ))}
        </ul>
      </Delayed>
    );
  } else if (view.kind === 'denied') {
    body = <LocationSteps onRetry={() => start(NEARBY_COUPONS_DEFAULT_RANGE_M)} />;
  } else if (view.kind === 'timeout' || view.kind === 'unavailable' || view.kind === 'error') {
    body = (
      <>
        <div className="alert alert--error" role="alert" data-testid={`nearby-${view.kind}`}>
          <p>{view.kind === 'error' ? view.message : n(`nearby.${view.kind}`)}</p>
        </div>
        {view.kind !== 'unavailable' && again}
        <div className="list-foot">{toList}</div>
      </>
    );
  } else if (view.kind === 'empty') {
    const range = distanceText(view.range, n, locale);
    body = (
      <div className="empty" data-testid="nearby-empty">
        <p>{n('nearby.empty', { range })}</p>
        {view.range < WIDER_RANGE_M && (
          <button type="button" className="btn btn--primary btn--block" onClick={() => start(WIDER_RANGE_M)}>
            {n('nearby.widen', { range: distanceText(WIDER_RANGE_M, n, locale) })}
          </button>
        )}
        {again}
        {toList}
      </div>
    );
  } else {
    const hasMore = view.items.length < view.total;
    body = (
      <>
        <p className="page-head__count" data-testid="nearby-total">
          {n('nearby.found', { range: distanceText(view.range, n, locale), total: formatNumber(view.total, locale) })}
        </p>
        <SpotMap points={points} label={n('map.label')} />
        <ul className="coupon-grid" data-testid="nearby-grid">
          {view.items.map((c) => (
            <PlaceCouponCard
              key={c.id}
              coupon={c}
              place={
                <span className="place__where">
                  <span className="place__shop">
                    <ServedText text={c.nearestSpot.name} served={c.nearestSpot.textLocale} />
                  </span>
                  <span className="place__distance" data-testid="nearby-distance">
                    {distanceText(c.distanceM, n, locale)}
                  </span>
                  {c.usableHere && <span className="place__here">{n('nearby.usableHere')}</span>}
                </span>
              }
            />
          ))}
        </ul>
        {more.error && (
          <div className="alert alert--error" role="alert">
            <p>{more.error}</p>
          </div>
        )}
        <div className="list-foot">
          {hasMore ? (
            <button
              type="button"
              className="btn btn--outline btn--block"
              onClick={() => void loadMore()}
              disabled={more.busy || !online}
              aria-busy={more.busy}
            >
              {more.busy ? t('common.loading') : n('nearby.loadMore')}
            </button>
          ) : (
            <p className="list-foot__end">{n('nearby.end')}</p>
          )}
        </div>
      </>
    );
  }

  return (
    <section className="page place" aria-labelledby="nearby-title">
      <header className="page-head">
        <h1 id="nearby-title" className="page-head__title">
          {t('pages.nearbyCoupons')}
        </h1>
        <p className="page-head__lead">{n('nearby.lead')}</p>
      </header>
      {body}
    </section>
  );
}
