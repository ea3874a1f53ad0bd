import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { VisitorPrize } from '@contracts/prizes';
import { Delayed } from '../../../components/delayed';
import { SavedNote } from '../../../components/offline-saved-note';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { formatJstDate, formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { usePrizesT } from '../../../lib/prizes-messages';
import {
  looksOffline,
  noteNetworkFailure,
  useBackOnline,
  useOfflineStore,
  useOwner,
} from '../../../lib/offline-status';
import { paths, useLocalePath } from '../../../lib/paths';
import { randomId } from '../../../lib/random-id';
import { useRequireSignIn } from '../../../lib/sign-in';
import { useAsync } from '../../../lib/use-async';
import { applyForPrize } from '../api/prizes.api';
import { loadPrizes, rememberApplication, withApplication } from '../api/prizes.offline';
import { ConfirmSheet, type ConfirmState } from '../components/confirm-sheet';
import { PrizeCard, type CardState } from '../components/prize-card';
import '../prizes.css';

const JST_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' });

/** Refusals that trying again cannot change: the list is loaded again to show the prize's state. */
const FINAL_CODES = new Set(['NOT_ENOUGH_STAMPS', 'OUT_OF_STOCK', 'ALREADY_APPLIED', 'RALLY_OVER', 'PRIZE_NOT_FOUND']);

/** A signed-out visitor's card: what anyone can tell (rally over, out of stock), else sign in. */
function signedOutState(prize: VisitorPrize, endsOn: string): CardState {
  if (endsOn < JST_DAY.format(new Date())) return 'rallyOver';
  if (prize.kind === 'exchange' && (prize.stockLeft ?? 0) <= 0) return 'outOfStock';
  return 'signedOut';
}

/**
 * `/prize/{id?}/` (issue 12, spec 2 "rally rewards"; id = stamp-rally id, default the running
 * one): the rally's prizes with the visitor's stamp balance (earned, spent, left) and one
 * state per prize; applying goes through a confirm step and POST /prizes/change/to/presents
 * with one Idempotency-Key per confirm step. Readable offline from the saved copy (with when
 * it was saved); applying needs the network and says so.
 */
export function PrizePage() {
  const t = useT();
  const p = usePrizesT();
  const locale = useLocale();
  const to = useLocalePath();
  const owner = useOwner();
  const requireSignIn = useRequireSignIn();
  const raw = useParams().id;
  const campaignId = raw === undefined ? undefined : Number(raw);
  const list = useAsync(() => loadPrizes(campaignId, locale), [campaignId, locale, owner]);
  const online = useOfflineStore((s) => s.online && s.reachable);
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  const [applied, setApplied] = useState<{ prizeId: number; left: number } | null>(null);
  const n = (v: number) => formatNumber(v, locale);

  const savedCopy = list.status === 'ready' && list.data.savedAt !== null;
  const reload = list.reload;
  useBackOnline(() => {
    if (savedCopy || list.status === 'error') reload();
  });

  const data = list.status === 'ready' ? list.data.data : null;
  const notFound =
    list.status === 'error' &&
    (list.error.code === 'CAMPAIGN_NOT_FOUND' ||
      list.error.code === 'NOT_FOUND' ||
      (campaignId !== undefined && list.error.code === 'VALIDATION_FAILED'));

  const signIn = useCallback(() => void requireSignIn(), [requireSignIn]);
  const closeConfirm = () => {
    if (confirm?.final) reload();
    setConfirm(null);
  };

  const submit = async () => {
    if (!confirm || confirm.phase === 'sending' || list.status !== 'ready') return;
    const { prize, key } = confirm;
    if (looksOffline()) {
      setConfirm({ ...confirm, phase: 'error', message: p('screen.offlineNote'), nothingSpent: false });
      return;
    }
    setConfirm({ ...confirm, phase: 'sending' });
    try {
      const result = await applyForPrize(prize.id, key);
      list.setData({ data: withApplication(list.data.data, result), savedAt: list.data.savedAt });
      void rememberApplication(locale, [campaignId, undefined], result);
      setApplied({ prizeId: prize.id, left: result.balance.left });
      setConfirm(null);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        // The sign-in ran out: nothing was spent; once signed in again the list reloads.
        setConfirm(null);
        void requireSignIn();
        return;
      }
      if (err instanceof ApiError && err.status === 0) {
        // The answer may have been lost on the way: 'try again' sends the same key, which is safe.
        noteNetworkFailure();
        setConfirm({ ...confirm, phase: 'error', message: p('screen.failed'), nothingSpent: false });
        return;
      }
      const final = err instanceof ApiError && FINAL_CODES.has(err.code);
      const reason = final ? (err as ApiError).message : p('screen.failed');
      setConfirm({ ...confirm, phase: 'error', message: reason, nothingSpent: true, final });
    }
  };

  return (
    <section className="page" aria-labelledby="prize-title">
      <header className="page-head">
        <h1 id="prize-title" className="page-head__title">
          {t('pages.prize')}
        </h1>
        <p className="page-head__lead">{p('screen.lead')}</p>
      </header>

      {list.status === 'loading' && (
        <Delayed role="status" aria-live="polite">
          <span className="visually-hidden">{t('common.loading')}</span>
          <div className="skeleton skeleton--prize-rally" aria-hidden="true" />
          <div className="skeleton skeleton--prize" aria-hidden="true" />
        </Delayed>
      )}

      {notFound && (
        <div className="empty" role="alert" data-testid="rally-not-found">
          <p>{errorText('CAMPAIGN_NOT_FOUND')}</p>
          <Link className="btn btn--primary btn--lg" to={to(paths.prize())}>
            {p('screen.currentRally')}
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
          <p>{p('screen.noRally')}</p>
          <Link className="btn btn--primary btn--lg" to={to(paths.couponList())}>
            {p('screen.findCoupons')}
          </Link>
        </div>
      )}

      {data && data.campaign && (
        <>
          <div className="prize-rally">
            <p className="prize-rally__name" data-testid="rally-name">
              {data.campaign.name}
            </p>
            <p className="prize-rally__period">
              {p('screen.rallyPeriod', {
                from: formatJstDate(data.campaign.startsOn, locale),
                to: formatJstDate(data.campaign.endsOn, locale),
              })}
            </p>
            {data.balance ? (
              <>
                <h2 className="visually-hidden">{p('screen.balanceTitle')}</h2>
                <dl className="balance" data-testid="prize-balance">
                  <div className="balance__item">
                    <dt>{p('screen.earned')}</dt>
                    <dd data-testid="balance-earned">{n(data.balance.earned)}</dd>
                  </div>
                  <div className="balance__item">
                    <dt>{p('screen.spent')}</dt>
                    <dd data-testid="balance-spent">{n(data.balance.spent)}</dd>
                  </div>
                  <div className="balance__item balance__item--left">
                    <dt>{p('screen.left')}</dt>
                    <dd data-testid="balance-left">{n(data.balance.left)}</dd>
                  </div>
                </dl>
                <p className="prize-rally__note">{p('screen.pointsNote')}</p>
              </>
            ) : (
              <div className="prize-rally__signin" data-testid="prize-sign-in">
                <p>{p('screen.signInLead')}</p>
                <button type="button" className="btn btn--light btn--lg btn--block" onClick={signIn}>
                  {p('screen.signIn')}
                </button>
              </div>
            )}
          </div>

          {data.prizes.length === 0 ? (
            <div className="empty" data-testid="prizes-empty">
              <p>{p('screen.empty')}</p>
              <Link className="btn btn--primary btn--lg" to={to(paths.couponList())}>
                {p('screen.findCoupons')}
              </Link>
            </div>
          ) : (
            <ul className="prize-list" data-testid="prize-list">
              {data.prizes.map((prize) => (
                <PrizeCard
                  key={prize.id}
                  prize={prize}
                  state={prize.state ?? signedOutState(prize, data.campaign!.endsOn)}
                  online={online}
                  justApplied={applied?.prizeId === prize.id ? applied.left : null}
                  onApply={(chosen) => setConfirm({ prize: chosen, key: randomId(), phase: 'idle' })}
                  onSignIn={signIn}
                />
              ))}
            </ul>
          )}

          {data.balance && (
            <Link className="btn btn--ghost btn--lg btn--block" to={to(paths.stamps(data.campaign.id))}>
              {p('screen.myStamps')}
            </Link>
          )}
        </>
      )}

      <ConfirmSheet
        state={confirm}
        balance={data?.balance ?? null}
        onSubmit={() => void submit()}
        onClose={closeConfirm}
      />
    </section>
  );
}
