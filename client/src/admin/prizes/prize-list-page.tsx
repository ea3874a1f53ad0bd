import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { PrizeKind } from '@contracts/prizes';
import { listCampaigns, type CampaignDetail } from '../catalogue/catalogue.api';
import { rallyState, todayJst } from '../catalogue/campaign-state';
import { Icon } from '../layout/icons';
import { formatDay, formatDateTime, formatNumber } from '../lib/format';
import { useAdminLocale, useAdminT } from '../lib/i18n';
import { adminPaths } from '../lib/paths';
import { useLoad } from '../lib/use-load';
import { PageHead } from '../pages/page-head';
import { LoadErrorAlert, SkeletonRows } from '../shared/list-parts';
import { MissingLanguages } from '../shared/missing-languages';
import { Pager } from '../shared/pager';
import { listPrizes, type PrizeQuery, type PrizeRow } from './prizes.api';
import { PrizeKindBadge, PublishedBadge } from './prize-badges';
import '../coupons/coupons.css';
import './prizes.css';

const KINDS = ['exchange', 'lottery'] as const satisfies readonly PrizeKind[];
const LIMIT = 20;
/** `?rally=all`: every rally's prizes; no `rally`: the running rally's (else all). */
const ALL = 'all';

type Filters = { rally: string; kind: PrizeKind | ''; published: 'true' | 'false' | ''; q: string };

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | '' =>
  (list as readonly string[]).includes(v ?? '') ? (v as T) : '';

/** The list's state lives in the URL (reload, shared link, back button keep it). */
function readQuery(search: string): { filters: Filters; page: number } {
  const q = new URLSearchParams(search);
  const page = Number(q.get('page'));
  const rally = q.get('rally') ?? '';
  return {
    filters: {
      rally: rally === ALL || /^\d+$/.test(rally) ? rally : '',
      kind: oneOf(KINDS, q.get('kind')),
      published: oneOf(['true', 'false'] as const, q.get('published')),
      q: q.get('q') ?? '',
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function writeQuery(f: Filters, page: number): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v.trim()) q.set(k, v.trim());
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The rally the list shows when the URL names none: the one running today, else the latest. */
function defaultRally(rallies: CampaignDetail[]): CampaignDetail | undefined {
  const today = todayJst();
  return rallies.find((c) => rallyState(c, today) === 'running') ?? rallies[0];
}

/**
 * `prize/` (issue 12, admins only): the prizes of a stamp rally (the running one unless
 * another or all are chosen), by kind, publication and name; each with its kind, stamps
 * needed, stock left, applications, publication and display order.
 */
export function PrizeListPage() {
  const t = useAdminT();
  const locale = useAdminLocale();
  const { search, pathname, state } = useLocation();
  const navigate = useNavigate();
  const { filters, page } = readQuery(search);
  const [draft, setDraft] = useState<Filters>(filters);
  const ids = { rally: useId(), kind: useId(), published: useId(), q: useId() };
  useEffect(() => setDraft(readQuery(search).filters), [search]);

  const rallies = useLoad((signal) => listCampaigns(signal), [locale]);
  const chosen = filters.rally || (rallies.data ? String(defaultRally(rallies.data)?.id ?? ALL) : '');
  const query: PrizeQuery = {
    page,
    limit: LIMIT,
    campaignId: chosen && chosen !== ALL ? Number(chosen) : undefined,
    kind: filters.kind || undefined,
    published: filters.published || undefined,
    q: filters.q.trim() || undefined,
  };
  // Waits for the rallies when the URL names none (the default is the running one).
  const list = useLoad(
    (signal) => (chosen ? listPrizes(query, signal) : new Promise<never>(() => undefined)),
    [search, chosen, locale],
  );
  const rallyName = new Map((rallies.data ?? []).map((c) => [c.id, c.name]));

  const go = (f: Filters, p: number) => navigate(pathname + writeQuery(f, p));
  const setAndGo = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    go(next, 1);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(draft, 1);
  };
  const filtered = Boolean(filters.kind || filters.published || filters.q);
  // A prize deleted on the page before: said once, here.
  const [deleted] = useState(() => (state as { flash?: string } | null)?.flash === 'deleted');
  useEffect(() => {
    if (state) navigate(pathname + search, { replace: true, state: null });
  }, [state, search, pathname, navigate]);

  const total = list.data?.meta.total;
  const rows = list.data?.data ?? [];
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / LIMIT));
  const showRally = chosen === ALL;
  const newHref = `${adminPaths.page('prizeNew')}${chosen && chosen !== ALL ? `?rally=${chosen}` : ''}`;

  return (
    <div className="adm-page">
      <PageHead
        title={t('pages.prizes')}
        lead={t('prizes.lead')}
        actions={
          <Link className="adm-btn adm-btn--primary" to={newHref}>
            <Icon name="plus" size={18} />
            {t('prizes.new')}
          </Link>
        }
      />
      {deleted && (
        <div className="adm-alert adm-alert--ok adm-form-alert" role="status" data-testid="list-flash">
          <Icon name="check" size={20} />
          <span>{t('prizes.deleted')}</span>
        </div>
      )}
      <form className="adm-card adm-filters" onSubmit={submit} role="search" aria-label={t('prizes.filters')}>
        <div className="adm-filters__grid adm-prize-filters">
          <div className="adm-field">
            <label className="adm-field__label" htmlFor={ids.rally}>
              {t('prizes.rally')}
            </label>
            <select
              id={ids.rally}
              className="adm-select"
              value={chosen}
              onChange={(e) => setAndGo('rally', e.target.value)}
              data-testid="rally-select"
            >
              {!chosen && <option value="">{t('common.loading')}</option>}
              <option value={ALL}>{t('prizes.allRallies')}</option>
              {(rallies.data ?? []).map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className="adm-field">
            <label className="adm-field__label" htmlFor={ids.kind}>
              {t('prizes.kind')}
            </label>
            <select
              id={ids.kind}
              className="adm-select"
              value={draft.kind}
              onChange={(e) => setAndGo('kind', oneOf(KINDS, e.target.value))}
            >
              <option value="">{t('couponList.any')}</option>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`prizes.kinds.${k}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="adm-field">
            <label className="adm-field__label" htmlFor={ids.published}>
              {t('prizes.publication')}
            </label>
            <select
              id={ids.published}
              className="adm-select"
              value={draft.published}
              onChange={(e) => setAndGo('published', oneOf(['true', 'false'] as const, e.target.value))}
            >
              <option value="">{t('couponList.any')}</option>
              <option value="true">{t('prizes.publishedOn')}</option>
              <option value="false">{t('prizes.publishedOff')}</option>
            </select>
          </div>
          <div className="adm-field adm-prize-filters__q">
            <label className="adm-field__label" htmlFor={ids.q}>
              {t('prizes.name')}
            </label>
            <input
              id={ids.q}
              className="adm-input"
              value={draft.q}
              maxLength={100}
              placeholder={t('prizes.namePlaceholder')}
              onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            />
          </div>
        </div>
        <div className="adm-filters__actions">
          {filtered && (
            <button
              type="button"
              className="adm-btn adm-btn--ghost"
              onClick={() => {
                const next = { ...draft, kind: '' as const, published: '' as const, q: '' };
                setDraft(next);
                go(next, 1);
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
          <p className="adm-results__count" role="status" data-testid="prize-list-range">
            {total !== undefined &&
              (total === 0
                ? t('couponList.none')
                : t('couponList.range', { from: (page - 1) * LIMIT + 1, to: Math.min(page * LIMIT, total), total }))}
          </p>
        </div>
        {rallies.status === 'error' && <LoadErrorAlert message={rallies.error.message} onRetry={rallies.reload} />}
        {list.status === 'error' && <LoadErrorAlert message={list.error.message} onRetry={list.reload} />}
        <div className="adm-table-wrap">
          <table className="adm-table adm-table--prizes" data-testid="prize-table">
            <thead>
              <tr>
                <th scope="col" className="adm-table__thumb">
                  <span className="adm-visually-hidden">{t('couponList.colImage')}</span>
                </th>
                <th scope="col">{t('prizes.colPrize')}</th>
                <th scope="col">{t('prizes.colKind')}</th>
                <th scope="col" className="adm-table__num">
                  {t('prizes.colStamps')}
                </th>
                <th scope="col" className="adm-table__num">
                  {t('prizes.colStock')}
                </th>
                <th scope="col" className="adm-table__num">
                  {t('prizes.colApplications')}
                </th>
                <th scope="col">{t('prizes.colPublished')}</th>
                <th scope="col" className="adm-table__num">
                  {t('prizes.colOrder')}
                </th>
                <th scope="col">{t('missingLang.column')}</th>
                <th scope="col" className="adm-table__actions">
                  <span className="adm-visually-hidden">{t('couponList.colActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className={list.status === 'loading' && rows.length ? 'is-stale' : undefined}>
              {list.status === 'loading' && !rows.length ? (
                <SkeletonRows columns={10} rows={4} />
              ) : (
                rows.map((p) => <Row key={p.id} p={p} rally={showRally ? (rallyName.get(p.campaignId) ?? '') : null} />)
              )}
            </tbody>
          </table>
          {list.status === 'ready' && rows.length === 0 && (
            <div className="adm-empty" data-testid="prize-list-empty">
              <Icon name="stamp" size={32} />
              <p>{filtered ? t('prizes.emptyFiltered') : t('prizes.empty')}</p>
            </div>
          )}
        </div>
        <Pager page={page} pages={pages} onPage={(p) => go(filters, p)} />
      </section>
    </div>
  );
}

/** One prize: image, name (and rally when all are shown), kind, stamps, stock, applications, state, order. */
function Row({ p, rally }: { p: PrizeRow; rally: string | null }) {
  const t = useAdminT();
  const locale = useAdminLocale();
  const href = `${adminPaths.page('prizes')}${p.id}/`;
  return (
    <tr data-prize-id={p.id}>
      <td className="adm-table__thumb">
        {p.imageUrl ? (
          <img src={p.imageUrl} alt="" loading="lazy" decoding="async" width="64" height="48" />
        ) : (
          <span className="adm-thumb-empty" title={t('couponList.noImage')}>
            <Icon name="image" size={18} />
          </span>
        )}
      </td>
      <td>
        <Link className="adm-table__title" to={href}>
          {p.name}
        </Link>
        {rally !== null && <span className="adm-table__sub">{rally}</span>}
        <span className="adm-table__sub" title={formatDateTime(p.updatedAt, locale)}>
          {t('couponList.updatedOn', { date: formatDay(p.updatedAt, locale) })}
        </span>
      </td>
      <td className="adm-table__nowrap">
        <PrizeKindBadge kind={p.kind} />
      </td>
      <td className="adm-table__num" data-testid="prize-stamps">
        {formatNumber(p.stampsNeeded, locale)}
      </td>
      <td className="adm-table__num" data-testid="prize-stock">
        {p.stock === null ? (
          <span className="adm-table__muted">{t('prizes.noStock')}</span>
        ) : p.stock === 0 ? (
          <span className="adm-prize-soldout">{t('prizes.soldOut')}</span>
        ) : (
          formatNumber(p.stock, locale)
        )}
      </td>
      <td className="adm-table__num" data-testid="prize-applications">
        {formatNumber(p.applications.total, locale)}
        {p.applications.total > 0 && (
          <span className="adm-table__sub">
            {t('prizes.breakdown', {
              applied: p.applications.applied,
              won: p.applications.won,
              shipped: p.applications.shipped,
            })}
          </span>
        )}
      </td>
      <td className="adm-table__nowrap">
        <PublishedBadge published={p.published} />
      </td>
      <td className="adm-table__num">{p.displayOrder}</td>
      <td>
        <MissingLanguages locales={p.missingLocales} />
      </td>
      <td className="adm-table__actions">
        <Link
          className="adm-icon-btn"
          to={href}
          aria-label={t('couponList.editOne', { title: p.name })}
          title={t('couponList.edit')}
        >
          <Icon name="edit" size={16} />
        </Link>
      </td>
    </tr>
  );
}
