import { useId, useState, type FormEvent } from 'react';
import { NEXT_STATUSES, type ApplicationStatus } from '@contracts/prizes';
import { Icon } from '../layout/icons';
import { adminMessageOf } from '../lib/api';
import { formatDateTime, formatNumber } from '../lib/format';
import { useAdminLocale, useAdminT } from '../lib/i18n';
import { useLoad } from '../lib/use-load';
import { LoadErrorAlert, SkeletonRows } from '../shared/list-parts';
import { Pager } from '../shared/pager';
import { ApplicationStatusBadge } from './prize-badges';
import {
  downloadApplicationsCsv,
  listApplications,
  setApplicationStatus,
  type AdminApplication,
  type AdminPrize,
} from './prizes.api';

const STATUSES = ['applied', 'won', 'lost', 'shipped'] as const satisfies readonly ApplicationStatus[];
const LIMIT = 20;

type Filter = { status: ApplicationStatus | ''; q: string };

/**
 * A prize's applications (issue 12), under its form: search by visitor (name or user id) and
 * status, paged; staff move one on (applied -> won or lost, won -> shipped) after confirming,
 * and export the filtered list as CSV (UTF-8 with BOM, for Excel in Japan).
 */
export function ApplicationsCard({ prize, onChanged }: { prize: AdminPrize; onChanged: () => void }) {
  const t = useAdminT();
  const locale = useAdminLocale();
  const ids = { h: useId(), status: useId(), q: useId() };
  const [draft, setDraft] = useState<Filter>({ status: '', q: '' });
  const [filter, setFilter] = useState<Filter>({ status: '', q: '' });
  const [page, setPage] = useState(1);
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState<number | 'csv' | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const list = useLoad(
    (signal) =>
      listApplications(
        prize.id,
        { page, limit: LIMIT, status: filter.status || undefined, q: filter.q.trim() || undefined },
        signal,
      ),
    [prize.id, page, filter.status, filter.q, round, locale],
  );
  const total = list.data?.meta.total;
  const rows = list.data?.data ?? [];
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / LIMIT));
  const filtered = Boolean(filter.status || filter.q.trim());

  const apply = (f: Filter) => {
    setFilter(f);
    setPage(1);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };

  const move = async (a: AdminApplication, to: ApplicationStatus) => {
    const names = { from: t(`prizes.applications.statuses.${a.status}`), to: t(`prizes.applications.statuses.${to}`) };
    if (!window.confirm(t('prizes.applications.confirm', { id: a.id, name: a.displayName, ...names }))) return;
    setBusy(a.id);
    setNote(null);
    try {
      await setApplicationStatus(prize.id, a.id, to);
      setNote({ ok: true, text: t('prizes.applications.changed', { id: a.id, to: names.to }) });
      setRound((r) => r + 1);
      onChanged();
    } catch (err) {
      setNote({ ok: false, text: adminMessageOf(err) });
    } finally {
      setBusy(null);
    }
  };

  const exportCsv = async () => {
    setBusy('csv');
    setNote(null);
    try {
      await downloadApplicationsCsv(prize.id, { status: filter.status || undefined, q: filter.q.trim() || undefined });
    } catch (err) {
      setNote({ ok: false, text: adminMessageOf(err) });
    } finally {
      setBusy(null);
    }
  };

  const counts = prize.applications;
  return (
    <section className="adm-card adm-results adm-prize-apps" aria-labelledby={ids.h} data-testid="applications">
      <div className="adm-prize-apps__head">
        <div>
          <h2 className="adm-section__title" id={ids.h}>
            {t('prizes.applications.title')}
          </h2>
          <p className="adm-field__hint" data-testid="application-counts">
            {t('prizes.applications.counts', {
              total: formatNumber(counts.total, locale),
              applied: formatNumber(counts.applied, locale),
              won: formatNumber(counts.won, locale),
              lost: formatNumber(counts.lost, locale),
              shipped: formatNumber(counts.shipped, locale),
            })}
          </p>
        </div>
        <button
          type="button"
          className="adm-btn adm-btn--ghost"
          onClick={() => void exportCsv()}
          disabled={busy === 'csv'}
          data-testid="applications-csv"
        >
          {busy === 'csv' && <span className="adm-spinner adm-spinner--sm" aria-hidden="true" />}
          {t('prizes.applications.csv')}
        </button>
      </div>
      <form
        className="adm-prize-apps__filters"
        onSubmit={submit}
        role="search"
        aria-label={t('prizes.applications.search')}
      >
        <div className="adm-field">
          <label className="adm-field__label" htmlFor={ids.q}>
            {t('prizes.applications.visitor')}
          </label>
          <input
            id={ids.q}
            className="adm-input"
            value={draft.q}
            maxLength={100}
            placeholder={t('prizes.applications.visitorPlaceholder')}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
        </div>
        <div className="adm-field">
          <label className="adm-field__label" htmlFor={ids.status}>
            {t('prizes.applications.status')}
          </label>
          <select
            id={ids.status}
            className="adm-select"
            value={draft.status}
            onChange={(e) => {
              const next = { ...draft, status: e.target.value as ApplicationStatus | '' };
              setDraft(next);
              apply(next);
            }}
          >
            <option value="">{t('couponList.any')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`prizes.applications.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="adm-prize-apps__actions">
          {filtered && (
            <button
              type="button"
              className="adm-btn adm-btn--ghost"
              onClick={() => {
                setDraft({ status: '', q: '' });
                apply({ status: '', q: '' });
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
      <div className="adm-results__bar">
        <p className="adm-results__count" role="status" data-testid="application-range">
          {total !== undefined &&
            (total === 0
              ? t('couponList.none')
              : t('couponList.range', { from: (page - 1) * LIMIT + 1, to: Math.min(page * LIMIT, total), total }))}
        </p>
      </div>
      {note && (
        <div
          className={`adm-alert ${note.ok ? 'adm-alert--ok' : 'adm-alert--error'} adm-results__alert`}
          role={note.ok ? 'status' : 'alert'}
          data-testid="application-note"
        >
          <Icon name={note.ok ? 'check' : 'alert'} size={20} />
          <span>{note.text}</span>
        </div>
      )}
      {list.status === 'error' && <LoadErrorAlert message={list.error.message} onRetry={list.reload} />}
      <div className="adm-table-wrap">
        <table className="adm-table" data-testid="application-table">
          <thead>
            <tr>
              <th scope="col">{t('prizes.applications.colId')}</th>
              <th scope="col">{t('prizes.applications.colVisitor')}</th>
              <th scope="col">{t('prizes.applications.colStatus')}</th>
              <th scope="col" className="adm-table__num">
                {t('prizes.applications.colStamps')}
              </th>
              <th scope="col">{t('prizes.applications.colApplied')}</th>
              <th scope="col">{t('prizes.applications.colUpdated')}</th>
              <th scope="col">{t('prizes.applications.colActions')}</th>
            </tr>
          </thead>
          <tbody className={list.status === 'loading' && rows.length ? 'is-stale' : undefined}>
            {list.status === 'loading' && !rows.length ? (
              <SkeletonRows columns={7} rows={3} />
            ) : (
              rows.map((a) => (
                <tr key={a.id} data-application-id={a.id}>
                  <td className="adm-table__nowrap">#{a.id}</td>
                  <td>
                    <span className="adm-table__shop">{a.displayName}</span>
                    <span className="adm-table__sub">{t('prizes.applications.userId', { id: a.userId })}</span>
                  </td>
                  <td className="adm-table__nowrap">
                    <ApplicationStatusBadge status={a.status} />
                  </td>
                  <td className="adm-table__num">{formatNumber(a.stampsSpent, locale)}</td>
                  <td className="adm-table__nowrap">{formatDateTime(a.appliedAt, locale)}</td>
                  <td className="adm-table__nowrap">{formatDateTime(a.updatedAt, locale)}</td>
                  <td className="adm-table__nowrap">
                    {NEXT_STATUSES[a.status].length === 0 ? (
                      <span className="adm-table__muted">{t('prizes.applications.final')}</span>
                    ) : (
                      <span className="adm-prize-apps__moves">
                        {NEXT_STATUSES[a.status].map((to) => (
                          <button
                            key={to}
                            type="button"
                            className={`adm-btn adm-btn--sm ${to === 'lost' ? 'adm-btn--ghost' : 'adm-btn--primary'}`}
                            onClick={() => void move(a, to)}
                            disabled={busy !== null}
                            aria-label={t('prizes.applications.moveOne', {
                              id: a.id,
                              to: t(`prizes.applications.statuses.${to}`),
                            })}
                          >
                            {t(`prizes.applications.to.${to as 'won' | 'lost' | 'shipped'}`)}
                          </button>
                        ))}
                      </span>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
        {list.status === 'ready' && rows.length === 0 && (
          <div className="adm-empty" data-testid="applications-empty">
            <Icon name="people" size={32} />
            <p>{filtered ? t('prizes.applications.emptyFiltered') : t('prizes.applications.empty')}</p>
          </div>
        )}
      </div>
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
