import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AREAS, PURPOSES, type Area, type Purpose, type TranslatedLocale } from '@contracts/common';
import type { CouponStatus } from '@contracts/admincoupons';
import { Icon } from '../layout/icons';
import { formatDate, formatDateTime, formatDay } from '../lib/format';
import { useAdminLocale, useAdminT } from '../lib/i18n';
import { adminPaths } from '../lib/paths';
import { useLoad } from '../lib/use-load';
import { PageHead } from '../pages/page-head';
import { Pager } from '../shared/pager';
import { CategoryFilters } from '../shared/category-filters';
import { MissingLanguageFilter, MissingLanguages, missingFrom } from '../shared/missing-languages';
import { listCoupons, type CouponQuery, type CouponRow } from './coupons.api';
import { StatusBadge } from './status-badge';
import { CsvPanel } from '../catalogue/csv-panel';
import './coupons.css';
import { LoadErrorAlert, SkeletonRows } from '../shared/list-parts';

const STATUSES = ['published', 'draft', 'scheduled', 'expired'] as const satisfies readonly CouponStatus[];
const SORTS = ['newest', 'oldest', 'validTo', 'title'] as const;
type Sort = (typeof SORTS)[number];
const LIMIT = 20;

type Filters = {
  title: string;
  shop: string;
  tag: string;
  area: Area | '';
  purpose: Purpose | '';
  status: CouponStatus | '';
  missing: TranslatedLocale | '';
};
const EMPTY: Filters = { title: '', shop: '', tag: '', area: '', purpose: '', status: '', missing: '' };

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | '' =>
  (list as readonly string[]).includes(v ?? '') ? (v as T) : '';

/** The list's state lives in the URL, so a reload, a shared link and the back button keep it. */
function readQuery(search: string): { filters: Filters; sort: Sort; page: number } {
  const q = new URLSearchParams(search);
  const page = Number(q.get('page'));
  return {
    filters: {
      title: q.get('title') ?? '',
      shop: q.get('shop') ?? '',
      tag: q.get('tag') ?? '',
      area: oneOf(AREAS, q.get('area')),
      purpose: oneOf(PURPOSES, q.get('purpose')),
      status: oneOf(STATUSES, q.get('status')),
      missing: missingFrom(q.get('missing')),
    },
    sort: oneOf(SORTS, q.get('sort')) || 'newest',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function writeQuery(filters: Filters, sort: Sort, page: number): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v.trim()) q.set(k, v.trim());
  if (sort !== 'newest') q.set('sort', sort);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * `/management_admin/` (issue 6): the coupons staff may manage, searched by title, shop, tag,
 * area, purpose, state and a language without texts (issue 11), sorted and paged; the state
 * and the missing languages of each at a glance.
 */
export function CouponListPage() {
  const t = useAdminT();
  const locale = useAdminLocale();
  const { search, pathname, state } = useLocation();
  const navigate = useNavigate();
  const { filters, sort, page } = readQuery(search);
  const [draft, setDraft] = useState<Filters>(filters);
  const ids = { title: useId(), shop: useId(), tag: useId(), status: useId(), sort: useId() };

  // The form follows the URL when it changes from outside (back button, a menu link).
  useEffect(() => setDraft(readQuery(search).filters), [search]);

  const query: CouponQuery = {
    page,
    limit: LIMIT,
    sort,
    title: filters.title || undefined,
    shop: filters.shop || undefined,
    tag: filters.tag || undefined,
    area: filters.area || undefined,
    purpose: filters.purpose || undefined,
    status: filters.status || undefined,
    missing: filters.missing || undefined,
  };
  const list = useLoad((signal) => listCoupons(query, signal), [search, locale]);

  const go = (f: Filters, s: Sort, p: number) => navigate(pathname + writeQuery(f, s, p));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(draft, sort, 1);
  };
  const setAndGo = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    go(next, sort, 1);
  };
  const filtered = Object.values(filters).some(Boolean);
  // A coupon deleted on the page before: said once, here.
  const [deleted] = useState(() => (state as { flash?: string } | null)?.flash === 'deleted');
  useEffect(() => {
    if (state) navigate(pathname + search, { replace: true, state: null });
  }, [state, search, pathname, navigate]);

  const total = list.data?.meta.total;
  const rows = list.data?.data ?? [];
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / LIMIT));

  return (
    <div className="adm-page">
      <PageHead
        title={t('pages.index')}
        lead={total === undefined ? '\u00a0' : t('couponList.total', { total })}
        actions={
          <Link className="adm-btn adm-btn--primary" to={adminPaths.couponNew()}>
            <Icon name="plus" size={18} />
            {t('couponList.new')}
          </Link>
        }
      />

      {deleted && (
        <div className="adm-alert adm-alert--ok adm-form-alert" role="status" data-testid="list-flash">
          <Icon name="check" size={20} />
          <span>{t('couponList.deleted')}</span>
        </div>
      )}
      <form className="adm-card adm-filters" onSubmit={submit} role="search" aria-label={t('couponList.filters')}>
        <div className="adm-filters__grid">
          <div className="adm-field">
            <label className="adm-field__label" htmlFor={ids.title}>
              {t('couponList.title')}
            </label>
            <input
              id={ids.title}
              className="adm-input"
              value={draft.title}
              onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            />
          </div>
          <div className="adm-field">
            <label className="adm-field__label" htmlFor={ids.shop}>
              {t('couponList.shop')}
            </label>
            <input
              id={ids.shop}
              className="adm-input"
              value={draft.shop}
              onChange={(e) => setDraft({ ...draft, shop: e.target.value })}
            />
          </div>
          <div className="adm-field">
            <label className="adm-field__label" htmlFor={ids.tag}>
              {t('couponList.tag')}
            </label>
            <input
              id={ids.tag}
              className="adm-input"
              value={draft.tag}
              onChange={(e) => setDraft({ ...draft, tag: e.target.value })}
            />
          </div>
          <CategoryFilters
            area={draft.area}
            purpose={draft.purpose}
            onArea={(v) => setAndGo('area', v)}
            onPurpose={(v) => setAndGo('purpose', v)}
          />
          <div className="adm-field">
            <label className="adm-field__label" htmlFor={ids.status}>
              {t('couponList.status')}
            </label>
            <select
              id={ids.status}
              className="adm-select"
              value={draft.status}
              onChange={(e) => setAndGo('status', e.target.value as CouponStatus | '')}
            >
              <option value="">{t('couponList.any')}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <MissingLanguageFilter value={draft.missing} onChange={(v) => setAndGo('missing', v)} />
        </div>
        <div className="adm-filters__actions">
          {filtered && (
            <button
              type="button"
              className="adm-btn adm-btn--ghost"
              onClick={() => {
                setDraft(EMPTY);
                go(EMPTY, sort, 1);
              }}
            >
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
          <p className="adm-results__count" role="status" data-testid="coupon-list-range">
            {total !== undefined &&
              (total === 0
                ? t('couponList.none')
                : t('couponList.range', { from: (page - 1) * LIMIT + 1, to: Math.min(page * LIMIT, total), total }))}
          </p>
          <div className="adm-results__sort">
            <label htmlFor={ids.sort}>{t('couponList.sort')}</label>
            <select
              id={ids.sort}
              className="adm-select adm-select--sm"
              value={sort}
              onChange={(e) => go(filters, e.target.value as Sort, 1)}
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`couponList.sorts.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>

        {list.status === 'error' && <LoadErrorAlert message={list.error.message} onRetry={list.reload} />}

        <div className="adm-table-wrap">
          <table className="adm-table adm-table--coupons" data-testid="coupon-table">
            <thead>
              <tr>
                <th scope="col" className="adm-table__thumb">
                  <span className="adm-visually-hidden">{t('couponList.colImage')}</span>
                </th>
                <th scope="col">{t('couponList.colCoupon')}</th>
                <th scope="col">{t('couponList.colShop')}</th>
                <th scope="col">{t('couponList.colCategory')}</th>
                <th scope="col">{t('couponList.colValidity')}</th>
                <th scope="col">{t('couponList.colStatus')}</th>
                <th scope="col">{t('missingLang.column')}</th>
                <th scope="col" className="adm-table__actions">
                  <span className="adm-visually-hidden">{t('couponList.colActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className={list.status === 'loading' && rows.length ? 'is-stale' : undefined}>
              {list.status === 'loading' && !rows.length ? (
                <SkeletonRows columns={8} />
              ) : (
                rows.map((c) => <Row key={c.id} c={c} />)
              )}
            </tbody>
          </table>
          {list.status === 'ready' && rows.length === 0 && (
            <div className="adm-empty">
              <Icon name="ticket" size={32} />
              <p>{filtered ? t('couponList.empty') : t('couponList.emptyAll')}</p>
            </div>
          )}
        </div>

        <Pager page={page} pages={pages} onPage={(p) => go(filters, sort, p)} />
      </section>
      <CsvPanel kind="coupons" onImported={list.reload} />
    </div>
  );
}

/** One coupon: image, title and discount, shops, category, validity, state, last change, languages missing. */
function Row({ c }: { c: CouponRow }) {
  const t = useAdminT();
  const locale = useAdminLocale();
  const [first, ...others] = c.spots;
  return (
    <tr data-coupon-id={c.id}>
      <td className="adm-table__thumb">
        {c.imageUrl ? (
          <img src={c.imageUrl} alt="" loading="lazy" decoding="async" width="64" height="48" />
        ) : (
          <span className="adm-thumb-empty" title={t('couponList.noImage')}>
            <Icon name="image" size={18} />
          </span>
        )}
      </td>
      <td>
        <Link className="adm-table__title" to={adminPaths.coupon(c.id)}>
          {c.title}
        </Link>
        <span className="adm-table__sub">{c.discount}</span>
      </td>
      <td>
        {first ? (
          <>
            <span className="adm-table__shop">{first.name}</span>
            {others.length > 0 && (
              <span className="adm-table__sub">{t('couponList.moreShops', { count: others.length })}</span>
            )}
          </>
        ) : (
          <span className="adm-table__sub">—</span>
        )}
      </td>
      <td>
        <span className="adm-table__shop">{t(`areas.${c.area}`)}</span>
        <span className="adm-table__sub">{t(`purposes.${c.purpose}`)}</span>
      </td>
      <td className="adm-table__nowrap">
        {formatDate(c.validFrom, locale)}
        <span className="adm-table__sub">〜 {formatDate(c.validTo, locale)}</span>
      </td>
      <td className="adm-table__nowrap">
        <StatusBadge status={c.status} />
        <span className="adm-table__sub" title={formatDateTime(c.updatedAt, locale)}>
          {t('couponList.updatedOn', { date: formatDay(c.updatedAt, locale) })}
        </span>
      </td>
      <td>
        <MissingLanguages locales={c.missingLocales} />
      </td>
      <td className="adm-table__actions">
        <Link
          className="adm-icon-btn"
          to={adminPaths.coupon(c.id)}
          aria-label={t('couponList.editOne', { title: c.title })}
          title={t('couponList.edit')}
        >
          <Icon name="edit" size={16} />
        </Link>
        <Link
          className="adm-icon-btn"
          to={adminPaths.couponView(c.id)}
          aria-label={t('couponList.previewOne', { title: c.title })}
          title={t('couponList.preview')}
        >
          <Icon name="phone" size={16} />
        </Link>
      </td>
    </tr>
  );
}
