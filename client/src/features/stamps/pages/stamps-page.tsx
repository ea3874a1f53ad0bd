import { useEffect, useMemo, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Delayed } from '../../../components/delayed';
import { SavedNote } from '../../../components/offline-saved-note';
import { errorText } from '../../../lib/errors';
import { formatJstDate, formatNumber } from '../../../lib/format';
import { useLocale, useT, useDeferredT } from '../../../lib/i18n';
import { useBackOnline, useOfflineStore, useOwner } from '../../../lib/offline-status';
import { paths, useLocalePath } from '../../../lib/paths';
import { useAsync } from '../../../lib/use-async';
import { loadMyStamps } from '../api/stamps.offline';
import { StampCard, type PendingStamp } from '../components/stamp-card';
import '../stamps.css';

const JST_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' });
/** The JST calendar day (YYYY-MM-DD) of an instant: the day a rally counts a press by. */
const jstDay = (iso: string) => JST_DAY.format(new Date(iso));

/** `/stamp/{id?}/`: my stamps in a rally (id = campaign id, default the running one). */
export function StampsPage() {
  const t = useT();
  const v = useDeferredT();
  const locale = useLocale();
  const to = useLocalePath();
  const raw = useParams().id;
  const campaignId = raw === undefined ? undefined : Number(raw);
  const outcomes = useOfflineStore((s) => s.outcomes);
  const outcomesRef = useRef(outcomes);
  outcomesRef.current = outcomes;
  const list = useAsync(() => loadMyStamps(campaignId, locale, outcomesRef.current), [campaignId, locale]);
  const n = (v: number) => formatNumber(v, locale);

  // A press replayed (issue 5) or the network back while the saved copy shows: load again,
  // so a stamp earned offline appears once it is synced.
  const settled = outcomes.filter((o) => o.status === 'done').length;
  const reload = list.reload;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    reload();
  }, [settled, reload]);
  const savedCopy = list.status === 'ready' && list.data.savedAt !== null;
  useBackOnline(() => {
    if (savedCopy || list.status === 'error') reload();
  });
  const data = list.status === 'ready' ? list.data.data : null;

  // Uses waiting in the offline queue, pressed during the rally shown: pending stamps (issue 11).
  const owner = useOwner();
  const queue = useOfflineStore((s) => s.pending);
  const rally = data?.campaign;
  const pending = useMemo((): PendingStamp[] => {
    if (!rally) return [];
    return queue
      .filter((p) => p.ref.kind === 'markUsed' && p.owner === owner)
      .filter((p) => {
        const day = jstDay(p.createdAt);
        return rally.startsOn <= day && day <= rally.endsOn;
      })
      .map((p) => ({ key: p.key, title: p.ref.title, gold: p.ref.kind === 'markUsed' && p.ref.givesGold === true }));
  }, [queue, owner, rally]);
  // An id in the address that is no rally (unknown, or not an id at all: the id is this
  // request's only input): trying again cannot help, the running rally might.
  const notFound =
    list.status === 'error' &&
    (list.error.code === 'CAMPAIGN_NOT_FOUND' ||
      list.error.code === 'NOT_FOUND' ||
      (campaignId !== undefined && list.error.code === 'VALIDATION_FAILED'));

  return (
    <section className="page" aria-labelledby="stamps-title">
      <header className="page-head">
        <h1 id="stamps-title" className="page-head__title">
          {v('stamps.title')}
        </h1>
      </header>

      {list.status === 'loading' && (
        <Delayed role="status" aria-live="polite">
          <span className="visually-hidden">{t('common.loading')}</span>
          <div className="skeleton skeleton--rally" aria-hidden="true" />
          <div className="skeleton skeleton--card" aria-hidden="true" />
        </Delayed>
      )}

      {notFound && (
        <div className="empty" role="alert" data-testid="rally-not-found">
          <p>{errorText('CAMPAIGN_NOT_FOUND')}</p>
          <Link className="btn btn--primary btn--lg" to={to(paths.stamps())}>
            {v('stamps.currentRally')}
          </Link>
          <Link className="btn btn--ghost" to={to(paths.couponList())}>
            {v('stamps.findCoupons')}
          </Link>
        </div>
      )}

      {list.status === 'error' && !notFound && (
        <div className="alert alert--error" role="alert">
          <p>{list.error.message}</p>
          <button type="button" className="btn btn--ghost" onClick={list.reload}>
            {t('common.retry')}
          </button>
        </div>
      )}

      {list.status === 'ready' && list.data.savedAt !== null && <SavedNote savedAt={list.data.savedAt} />}

      {data && !data.campaign && (
        <div className="empty">
          <p>{v('stamps.noRally')}</p>
          <Link className="btn btn--primary btn--lg" to={to(paths.couponList())}>
            {v('stamps.findCoupons')}
          </Link>
        </div>
      )}

      {data && data.campaign && (
        <>
          <div className="rally">
            <p className="rally__name" data-testid="rally-name">
              {data.campaign.name}
            </p>
            <p className="rally__period">
              {v('stamps.rallyPeriod', {
                from: formatJstDate(data.campaign.startsOn, locale),
                to: formatJstDate(data.campaign.endsOn, locale),
              })}
            </p>
            <dl className="tally">
              <div className="tally__item tally__item--red">
                <dt>{v('stamps.red')}</dt>
                <dd data-testid="count-red">{n(data.red)}</dd>
              </div>
              <div className="tally__item tally__item--gold">
                <dt>{v('stamps.gold')}</dt>
                <dd data-testid="count-gold">{n(data.gold)}</dd>
              </div>
              <div className="tally__item tally__item--total">
                <dt>{v('stamps.total')}</dt>
                <dd data-testid="count-total">{n(data.total)}</dd>
              </div>
            </dl>
            <p className="rally__note">{v('stamps.totalNote')}</p>
          </div>

          {data.balance && (
            <section className="stamp-balance" aria-labelledby="stamp-balance-title" data-testid="stamp-balance">
              <h2 id="stamp-balance-title" className="section-title">
                {v('stampBalance.title')}
              </h2>
              <dl className="stamp-balance__list">
                <div>
                  <dt>{v('stampBalance.earned')}</dt>
                  <dd data-testid="stamps-earned">{n(data.balance.earned)}</dd>
                </div>
                <div>
                  <dt>{v('stampBalance.spent')}</dt>
                  <dd data-testid="stamps-spent">{n(data.balance.spent)}</dd>
                </div>
                <div className="stamp-balance__left">
                  <dt>{v('stampBalance.left')}</dt>
                  <dd data-testid="stamps-left">{n(data.balance.left)}</dd>
                </div>
              </dl>
              <Link className="btn btn--primary btn--lg btn--block" to={to(paths.prize(data.campaign.id))}>
                {v('stampBalance.toPrizes')}
              </Link>
            </section>
          )}

          <section className="stamp-card" aria-labelledby="stamp-card-title">
            <h2 id="stamp-card-title" className="section-title">
              {v('stamps.card')}
            </h2>
            {data.stamps.length === 0 && pending.length === 0 && (
              <div className="empty empty--inline" data-testid="stamps-empty">
                <p>{v('stamps.empty')}</p>
                <Link className="btn btn--primary btn--lg" to={to(paths.couponList())}>
                  {v('stamps.findCoupons')}
                </Link>
              </div>
            )}
            <StampCard stamps={data.stamps} pending={pending} />
          </section>
        </>
      )}
    </section>
  );
}
