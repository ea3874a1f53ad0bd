import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AREAS, PURPOSES } from '@contracts/common';
import { Icon } from '../layout/icons';
import { formatDay, formatNumber } from '../lib/format';
import { useAdminLocale, useAdminT } from '../lib/i18n';
import { adminPaths } from '../lib/paths';
import { useLoad } from '../lib/use-load';
import { PageHead } from '../pages/page-head';
import { CategoryFilters } from '../shared/category-filters';
import { MissingLanguageFilter, MissingLanguages, missingFrom } from '../shared/missing-languages';
import { useStaffSession } from '../session/session.store';
import { listSpots } from './catalogue.api';
import { CsvPanel } from './csv-panel';
import { Pager } from '../shared/pager';
import '../coupons/coupons.css';
import './catalogue.css';
import { LoadErrorAlert, SkeletonRows } from '../shared/list-parts';

const LIMIT = 20;
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | '' =>
  (list as readonly string[]).includes(v ?? '') ? (v as T) : '';
export const spotPath = (id: number) => `${adminPaths.page('setting')}spot/${id}/`;
export const spotNewPath = () => `${adminPaths.page('setting')}spot/regist/`;

/**
 * `setting/` (issue 6): the spots (stores) staff look after, searched by name, store code or
 * address, filtered by area, purpose and a language without a name (issue 11), paged in the
 * URL, each with the languages its name is missing in; the CSV files below the list.
 */
export function SpotListPage() {
  const t = useAdminT();
  const locale = useAdminLocale();
  const role = useStaffSession((s) => s.user?.role);
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const q = new URLSearchParams(search);
  const filters = {
    q: q.get('q') ?? '',
    area: oneOf(AREAS, q.get('area')),
    purpose: oneOf(PURPOSES, q.get('purpose')),
    missing: missingFrom(q.get('missing')),
  };
  const pageN = Number(q.get('page'));
  const page = Number.isInteger(pageN) && pageN > 1 ? pageN : 1;
  const [draft, setDraft] = useState(filters.q);
  const ids = { q: useId() };
  useEffect(() => setDraft(new URLSearchParams(search).get('q') ?? ''), [search]);

  const list = useLoad(
    (signal) =>
      listSpots(
        {
          page,
          limit: LIMIT,
          q: filters.q || undefined,
          area: filters.area || undefined,
          purpose: filters.purpose || undefined,
          missing: filters.missing || undefined,
        },
        signal,
      ),
    [search, locale],
  );
  const go = (next: Partial<typeof filters>, p = 1) => {
    const f = { ...filters, ...next };
    const out = new URLSearchParams();
    if (f.q.trim()) out.set('q', f.q.trim());
    if (f.area) out.set('area', f.area);
    if (f.purpose) out.set('purpose', f.purpose);
    if (f.missing) out.set('missing', f.missing);
    if (p > 1) out.set('page', String(p));
    const s = out.toString();
    navigate(pathname + (s ? `?${s}` : ''));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ q: draft });
  };
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total;
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / LIMIT));
  const filtered = Boolean(filters.q || filters.area || filters.purpose || filters.missing);

  return (
    <div className="adm-page">
      <PageHead
        title={t('spots.title')}
        lead={total === undefined ? '\u00a0' : t('spots.total', { total })}
        actions={
          role === 'admin' && (
            <Link className="adm-btn adm-btn--primary" to={spotNewPath()}>
              <Icon name="plus" size={18} />
              {t('spots.new')}
            </Link>
          )
        }
      />
      <form className="adm-card adm-filters" onSubmit={submit} role="search" aria-label={t('spots.filters')}>
        <div className="adm-filters__grid adm-filters__grid--spots">
          <div className="adm-field">
            <label className="adm-field__label" htmlFor={ids.q}>
              {t('spots.search')}
            </label>
            <input
              id={ids.q}
              className="adm-input"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder={t('spots.searchPlaceholder')}
            />
          </div>
          <CategoryFilters
            area={filters.area}
            purpose={filters.purpose}
            onArea={(v) => go({ area: v, q: draft })}
            onPurpose={(v) => go({ purpose: v, q: draft })}
          />
          <MissingLanguageFilter value={filters.missing} onChange={(v) => go({ missing: v, q: draft })} />
        </div>
        <div className="adm-filters__actions">
          {filtered && (
            <button type="button" className="adm-btn adm-btn--ghost" onClick={() => navigate(pathname)}>
              {t('couponList.clear')}
            </button>
          )}
          <button type="submit" className="adm-btn adm-btn--primary">
            <Icon name="search" size={18} />
            {t('couponList.search')}
          </button>
        </div>
      </form>

      <section className="adm-card adm-results" aria-busy={list.status === 'loading'}>
        <div className="adm-results__bar">
          <p className="adm-results__count" role="status" data-testid="spot-list-range">
            {total !== undefined &&
              (total === 0
                ? t('couponList.none')
                : t('couponList.range', { from: (page - 1) * LIMIT + 1, to: Math.min(page * LIMIT, total), total }))}
          </p>
        </div>
        {list.status === 'error' && <LoadErrorAlert message={list.error.message} onRetry={list.reload} />}
        <div className="adm-table-wrap">
          <table className="adm-table" data-testid="spot-table">
            <thead>
              <tr>
                <th scope="col">{t('spots.colCode')}</th>
                <th scope="col">{t('spots.colName')}</th>
                <th scope="col">{t('couponList.colCategory')}</th>
                <th scope="col">{t('spots.colRange')}</th>
                <th scope="col">{t('spots.colCoupons')}</th>
                <th scope="col">{t('missingLang.column')}</th>
                <th scope="col" className="adm-table__actions">
                  <span className="adm-visually-hidden">{t('couponList.colActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className={list.status === 'loading' && rows.length ? 'is-stale' : undefined}>
              {list.status === 'loading' && !rows.length ? (
                <SkeletonRows columns={7} />
              ) : (
                rows.map((s) => (
                  <tr key={s.id} data-spot-id={s.id}>
                    <td className="adm-table__nowrap">
                      <code className="adm-code">{s.storeCode}</code>
                    </td>
                    <td>
                      <Link className="adm-table__title" to={spotPath(s.id)}>
                        {s.name}
                      </Link>
                      <span className="adm-table__sub">{s.address}</span>
                    </td>
                    <td>
                      <span className="adm-table__shop">{t(`areas.${s.area}`)}</span>
                      <span className="adm-table__sub">
                        {t(`purposes.${s.purpose}`)}
                        {s.genre ? ` · ${s.genre}` : ''}
                      </span>
                    </td>
                    <td className="adm-table__nowrap">
                      {t('spots.metres', { m: formatNumber(s.usableRangeM, locale) })}
                    </td>
                    <td className="adm-table__nowrap">
                      {formatNumber(s.couponCount, locale)}
                      <span className="adm-table__sub">
                        {t('couponList.updatedOn', { date: formatDay(s.updatedAt, locale) })}
                      </span>
                    </td>
                    <td>
                      <MissingLanguages locales={s.missingLocales} />
                    </td>
                    <td className="adm-table__actions">
                      <Link
                        className="adm-icon-btn"
                        to={spotPath(s.id)}
                        aria-label={t('couponList.editOne', { title: s.name })}
                        title={t('couponList.edit')}
                      >
                        <Icon name="edit" size={16} />
                      </Link>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          {list.status === 'ready' && rows.length === 0 && (
            <div className="adm-empty">
              <Icon name="pin" size={32} />
              <p>{filtered ? t('spots.empty') : t('spots.emptyAll')}</p>
            </div>
          )}
        </div>
        <Pager page={page} pages={pages} onPage={(p) => go({}, p)} />
      </section>

      <CsvPanel kind="spots" onImported={list.reload} />
    </div>
  );
}
