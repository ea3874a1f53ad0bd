import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Area } from '@contracts/common';
import type { CouponRankingList, RankedCoupon, RankingPeriod } from '@contracts/ranking';
import { Delayed } from '../../../components/delayed';
import { messageOf } from '../../../lib/errors';
import { formatJstDate, formatNumber } from '../../../lib/format';
import { useFavoritesT, useLocale, useT } from '../../../lib/i18n';
import { useBackOnline, useOwner } from '../../../lib/offline-status';
import { paths, useLocalePath } from '../../../lib/paths';
import { fetchRanking } from '../api/ranking.api';
import { CouponVisual, FavoriteButton, ServedText } from './coupon-list-page';
import '../../../components/coupons.css';
import './ranking.css';
import '../i18n/favorites-messages';

const AREAS = ['north', 'center', 'city', 'aso', 'south', 'amakusa'] as const satisfies readonly Area[];
const PERIODS = ['week', 'season'] as const satisfies readonly RankingPeriod[];

type Loaded = { items: RankedCoupon[]; meta: CouponRankingList['meta'] };

/**
 * `/coupon/ranking/` (spec 2 "a coupon ranking", issue 15): the coupons used most this week
 * (JST, from Monday) or this season (the running rally), in all areas or one, with their
 * place and number of uses. The period and area are kept in the address (`?period=season&area=aso`).
 */
export function RankingPage() {
  const t = useT();
  const f = useFavoritesT();
  const locale = useLocale();
  const owner = useOwner();
  const [params, setParams] = useSearchParams();
  const period: RankingPeriod = params.get('period') === 'season' ? 'season' : 'week';
  const areaParam = params.get('area');
  const area = AREAS.find((a) => a === areaParam);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  const load = async (page: number, signal?: AbortSignal) => {
    setLoading(true);
    setError(null);
    try {
      const res = await fetchRanking({ period, area, page }, locale, signal);
      if (signal?.aborted) return;
      setLoaded((prev) => ({ items: page === 1 || !prev ? res.data : [...prev.items, ...res.data], meta: res.meta }));
    } catch (err) {
      if (signal?.aborted || (err instanceof DOMException && err.name === 'AbortError')) return;
      setError(messageOf(err));
    } finally {
      if (!signal?.aborted) setLoading(false);
    }
  };

  useEffect(() => {
    const ctrl = new AbortController();
    setLoaded(null);
    void load(1, ctrl.signal);
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` reads exactly these
  }, [period, area, locale, owner, round]);
  useBackOnline(() => {
    if (error) setRound((r) => r + 1);
  });

  const choose = (next: { period?: RankingPeriod; area?: Area | null }) => {
    const p = new URLSearchParams(params);
    if (next.period) p.set('period', next.period);
    if (next.area !== undefined) {
      if (next.area) p.set('area', next.area);
      else p.delete('area');
    }
    setParams(p, { replace: true });
  };

  const meta = loaded?.meta;
  const items = loaded?.items ?? [];
  const range =
    meta?.from && meta.to ? { from: formatJstDate(meta.from, locale), to: formatJstDate(meta.to, locale) } : null;
  const hasMore = meta ? items.length < meta.total : false;

  return (
    <section className="page" aria-labelledby="ranking-title">
      <header className="page-head">
        <h1 id="ranking-title" className="page-head__title">
          {f('ranking.title')}
        </h1>
        <p className="page-head__lead">{f('ranking.lead')}</p>
      </header>

      <div className="ranking-tabs" role="tablist" aria-label={f('ranking.periodLabel')}>
        {PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            id={`ranking-tab-${p}`}
            aria-selected={p === period}
            aria-controls="ranking-panel"
            className="ranking-tabs__tab"
            onClick={() => choose({ period: p })}
          >
            {f(`ranking.${p}`)}
          </button>
        ))}
      </div>

      <div id="ranking-panel" role="tabpanel" aria-labelledby={`ranking-tab-${period}`}>
        <label className="ranking-area">
          <span className="ranking-area__label">{f('ranking.area')}</span>
          <select
            className="ranking-area__select"
            value={area ?? ''}
            onChange={(e) => choose({ area: (e.target.value || null) as Area | null })}
            data-testid="ranking-area"
          >
            <option value="">{f('ranking.allAreas')}</option>
            {AREAS.map((a) => (
              <option key={a} value={a}>
                {t(`areas.${a}`)}
              </option>
            ))}
          </select>
        </label>

        {range && (
          <p className="ranking-note" data-testid="ranking-note">
            {f(period === 'week' ? 'ranking.weekNote' : 'ranking.seasonNote', range)}
          </p>
        )}
        {meta && period === 'season' && meta.from === null && (
          <p className="empty" data-testid="ranking-no-season">
            {f('ranking.noSeason')}
          </p>
        )}

        {loaded === null && loading && (
          <Delayed role="status" aria-live="polite">
            <span className="visually-hidden">{t('common.loading')}</span>
            <div className="skeleton skeleton--line" />
          </Delayed>
        )}
        {error && (
          <div className="alert alert--error" role="alert">
            <p>{error}</p>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => void load(loaded ? (meta?.page ?? 0) + 1 : 1)}
            >
              {t('common.retry')}
            </button>
          </div>
        )}
        {items.length > 0 && (
          <ol className="ranking-list" data-testid="ranking-list">
            {items.map((c) => (
              <RankingRow key={c.id} coupon={c} />
            ))}
          </ol>
        )}
        {meta && items.length === 0 && meta.from !== null && !error && (
          <p className="empty" data-testid="ranking-empty">
            {f('ranking.empty')}
          </p>
        )}
        {hasMore && !error && (
          <button
            type="button"
            className="btn btn--outline btn--block"
            disabled={loading}
            aria-busy={loading}
            onClick={() => void load((meta?.page ?? 0) + 1)}
          >
            {loading ? t('common.loading') : f('ranking.more')}
          </button>
        )}
      </div>
    </section>
  );
}

/** One place of the ranking: its number, the coupon (a link to it), its uses, its heart. */
function RankingRow({ coupon }: { coupon: RankedCoupon }) {
  const t = useT();
  const f = useFavoritesT();
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <li className={`ranking-row${coupon.rank <= 3 ? ` ranking-row--top${coupon.rank}` : ''}`} data-testid="ranking-row">
      <span className="ranking-row__rank">{f('ranking.rank', { rank: coupon.rank })}</span>
      <Link className="ranking-row__link" to={to(paths.couponDetail(coupon.id))} data-coupon-id={coupon.id}>
        <span className="ranking-row__thumb">
          <CouponVisual coupon={coupon} />
        </span>
        <span className="ranking-row__body">
          <span className="ranking-row__shop">
            <ServedText
              {...(coupon.spot
                ? { text: coupon.spot.name, served: coupon.spot.textLocale }
                : { text: coupon.title, served: coupon.textLocale })}
            />
          </span>
          <span className="ranking-row__discount">
            <ServedText text={coupon.discount} served={coupon.textLocale} />
          </span>
          <span className="ranking-row__meta">
            {t(`areas.${coupon.area}`)} ・{' '}
            <span data-testid="ranking-uses">{f('ranking.uses', { count: formatNumber(coupon.uses, locale) })}</span>
          </span>
        </span>
      </Link>
      <FavoriteButton coupon={coupon} className="ranking-row__fav" />
    </li>
  );
}
