import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AREAS, PURPOSES } from '@contracts/common';
import { Icon } from '../layout/icons';
import { formatDate, formatNumber } from '../lib/format';
import { useAdminLocale, useAdminT } from '../lib/i18n';
import { adminPaths } from '../lib/paths';
import { useLoad } from '../lib/use-load';
import { PageHead } from '../pages/page-head';
import { CategoryFilters } from '../shared/category-filters';
import { couponRanking } from './catalogue.api';
import { todayJst } from './campaign-state';
import { Pager } from '../shared/pager';
import '../coupons/coupons.css';
import './catalogue.css';
import { LoadErrorAlert, SkeletonRows } from '../shared/list-parts';

const LIMIT = 20;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | '' =>
  (list as readonly string[]).includes(v ?? '') ? (v as T) : '';
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86400_000).toISOString().slice(0, 10);

/** `ranking/` (issue 6): coupons by redemptions over a chosen JST period, by area and purpose, paged. */
export function RankingPage() {
  const t = useAdminT();
  const locale = useAdminLocale();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const q = new URLSearchParams(search);
  const today = todayJst();
  const query = {
    from: DATE.test(q.get('from') ?? '') ? q.get('from')! : daysBefore(today, 29),
    to: DATE.test(q.get('to') ?? '') ? q.get('to')! : today,
    area: oneOf(AREAS, q.get('area')),
    purpose: oneOf(PURPOSES, q.get('purpose')),
  };
  const pageN = Number(q.get('page'));
  const page = Number.isInteger(pageN) && pageN > 1 ? pageN : 1;
  const [draft, setDraft] = useState(query);
  const [error, setError] = useState<string | null>(null);
  const ids = { from: useId(), to: useId() };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the URL
  useEffect(() => setDraft(query), [search]);

  const list = useLoad(
    (signal) =>
      couponRanking(
        {
          page,
          limit: LIMIT,
          from: query.from,
          to: query.to,
          area: query.area || undefined,
          purpose: query.purpose || undefined,
        },
        signal,
      ),
    [search, locale],
  );
  const go = (next: typeof query, p = 1) => {
    const out = new URLSearchParams({ from: next.from, to: next.to });
    if (next.area) out.set('area', next.area);
    if (next.purpose) out.set('purpose', next.purpose);
    if (p > 1) out.set('page', String(p));
    navigate(`${pathname}?${out.toString()}`);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!DATE.test(draft.from) || !DATE.test(draft.to)) return setError(t('couponForm.errors.dateRequired'));
    if (draft.from > draft.to) return setError(t('couponForm.errors.periodOrder'));
    setError(null);
    go(draft);
  };
  const preset = (days: number) => {
    const next = { ...draft, from: daysBefore(today, days - 1), to: today };
    setDraft(next);
    setError(null);
    go(next);
  };
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total;
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / LIMIT));

  return (
    <div className="adm-page">
      <PageHead
        title={t('pages.ranking')}
        lead={
          list.data
            ? t('ranking.lead', {
                from: formatDate(list.data.meta.from, locale),
                to: formatDate(list.data.meta.to, locale),
              })
            : '\u00a0'
        }
      />
      <form className="adm-card adm-filters" onSubmit={submit} role="search" aria-label={t('ranking.filters')}>
        <div className="adm-filters__grid adm-filters__grid--ranking">
          <div className="adm-field">
            <label className="adm-field__label" htmlFor={ids.from}>
              {t('ranking.from')}
            </label>
            <input
              id={ids.from}
              type="date"
              className="adm-input"
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </div>
          <div className={`adm-field${error ? ' has-error' : ''}`}>
            <label className="adm-field__label" htmlFor={ids.to}>
              {t('ranking.to')}
            </label>
            <input
              id={ids.to}
              type="date"
              className="adm-input"
              value={draft.to}
              min={draft.from}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
              aria-invalid={error ? true : undefined}
            />
            {error && <p className="adm-field__error">{error}</p>}
          </div>
          <CategoryFilters
            area={draft.area}
            purpose={draft.purpose}
            onArea={(v) => go({ ...draft, area: v })}
            onPurpose={(v) => go({ ...draft, purpose: v })}
          />
        </div>
        <div className="adm-filters__actions">
          <span className="adm-presets">
            {[7, 30, 90].map((d) => (
              <button key={d} type="button" className="adm-btn adm-btn--ghost adm-btn--sm" onClick={() => preset(d)}>
                {t('ranking.lastDays', { days: d })}
              </button>
            ))}
          </span>
          <button type="submit" className="adm-btn adm-btn--primary">
            <Icon name="search" size={18} />
            {t('ranking.show')}
          </button>
        </div>
      </form>

      <section className="adm-card adm-results" aria-busy={list.status === 'loading'}>
        <div className="adm-results__bar">
          <p className="adm-results__count" role="status">
            {total !== undefined &&
              (total === 0
                ? t('couponList.none')
                : t('couponList.range', { from: (page - 1) * LIMIT + 1, to: Math.min(page * LIMIT, total), total }))}
          </p>
        </div>
        {list.status === 'error' && <LoadErrorAlert message={list.error.message} onRetry={list.reload} />}
        <div className="adm-table-wrap">
          <table className="adm-table" data-testid="ranking-table">
            <thead>
              <tr>
                <th scope="col" className="adm-rank-col">
                  {t('ranking.colRank')}
                </th>
                <th scope="col">{t('couponList.colCoupon')}</th>
                <th scope="col">{t('couponList.colCategory')}</th>
                <th scope="col" className="adm-num">
                  {t('ranking.colUses')}
                </th>
                <th scope="col" className="adm-num">
                  {t('ranking.colVisitors')}
                </th>
              </tr>
            </thead>
            <tbody className={list.status === 'loading' && rows.length ? 'is-stale' : undefined}>
              {list.status === 'loading' && !rows.length ? (
                <SkeletonRows columns={5} />
              ) : (
                rows.map((r) => (
                  <tr key={r.couponId} data-coupon-id={r.couponId}>
                    <td className="adm-rank-col">
                      <span className={`adm-rank${r.rank <= 3 ? ` adm-rank--${r.rank}` : ''}`}>{r.rank}</span>
                    </td>
                    <td>
                      {r.deleted ? (
                        <span className="adm-table__title">{r.title}</span>
                      ) : (
                        <Link className="adm-table__title" to={adminPaths.coupon(r.couponId)}>
                          {r.title}
                        </Link>
                      )}
                      <span className="adm-table__sub">
                        {r.deleted ? t('ranking.deleted') : r.published ? t('status.published') : t('status.draft')}
                      </span>
                    </td>
                    <td>
                      <span className="adm-table__shop">{t(`areas.${r.area}`)}</span>
                      <span className="adm-table__sub">{t(`purposes.${r.purpose}`)}</span>
                    </td>
                    <td className="adm-num">{formatNumber(r.uses, locale)}</td>
                    <td className="adm-num">{formatNumber(r.visitors, locale)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          {list.status === 'ready' && rows.length === 0 && (
            <div className="adm-empty">
              <Icon name="crown" size={32} />
              <p>{t('ranking.empty')}</p>
            </div>
          )}
        </div>
        <Pager page={page} pages={pages} onPage={(p) => go(query, p)} />
      </section>
    </div>
  );
}
