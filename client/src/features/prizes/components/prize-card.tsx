import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PrizeState, VisitorPrize } from '@contracts/prizes';
import { formatDate, formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { usePrizesT, type PrizesKey } from '../../../lib/prizes-messages';
import { paths, useLocalePath } from '../../../lib/paths';

/** What a card shows at its foot: the visitor's state, or for a signed-out visitor what anyone can see. */
export type CardState = PrizeState | 'signedOut';

/** An application's headline and what happens next, by prize kind and status. */
function appliedTexts(prize: VisitorPrize): { head: PrizesKey; next: PrizesKey; dated: boolean } {
  const status = prize.application?.status ?? 'applied';
  if (status === 'shipped') return { head: 'screen.state.shipped', next: 'screen.next.shipped', dated: false };
  if (prize.kind === 'exchange') return { head: 'screen.state.exchanged', next: 'screen.next.exchange', dated: true };
  if (status === 'won') return { head: 'screen.state.won', next: 'screen.next.won', dated: false };
  if (status === 'lost') return { head: 'screen.state.lost', next: 'screen.next.lost', dated: false };
  return { head: 'screen.state.entered', next: 'screen.next.entered', dated: true };
}

/**
 * One prize of the rally (issue 12): image, kind, name, description, stamp points needed and
 * stock left (or "lottery"), and exactly one state at its foot: apply (or, offline, that
 * applying needs a connection), not enough stamps (how many more), applied (when, and what
 * happens next), out of stock, rally over; signed out: sign in to apply.
 */
export function PrizeCard({
  prize,
  state,
  online,
  justApplied,
  onApply,
  onSignIn,
}: {
  prize: VisitorPrize;
  state: CardState;
  online: boolean;
  /** The remaining balance when this card's application was made on this screen just now. */
  justApplied: number | null;
  onApply: (prize: VisitorPrize) => void;
  onSignIn: () => void;
}) {
  const p = usePrizesT();
  const locale = useLocale();
  const to = useLocalePath();
  const [offlineTapped, setOfflineTapped] = useState(false);
  const n = (v: number) => formatNumber(v, locale);
  const headingId = `prize-${prize.id}-name`;

  let foot;
  if (state === 'applied') {
    const texts = appliedTexts(prize);
    const date = prize.application ? formatDate(prize.application.appliedAt, locale) : '';
    const lost = prize.application?.status === 'lost';
    foot = (
      <div
        className={`prize__done${lost ? ' prize__done--lost' : ''}`}
        role={justApplied !== null ? 'status' : undefined}
        data-testid="prize-applied"
      >
        <p className="prize__done-head">
          {!lost && (
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M5 12.5l4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          )}
          {p(texts.head, texts.dated ? { date } : undefined)}
        </p>
        {justApplied !== null && (
          <p className="prize__done-sub" data-testid="prize-done">
            {p('screen.done', { left: n(justApplied) })}
          </p>
        )}
        <p className="prize__done-sub">{p(texts.next)}</p>
      </div>
    );
  } else if (state === 'canApply') {
    foot = online ? (
      <button type="button" className="btn btn--primary btn--lg btn--block" onClick={() => onApply(prize)}>
        {prize.kind === 'lottery' ? p('screen.apply.lottery') : p('screen.apply.exchange')}
      </button>
    ) : (
      <>
        {offlineTapped && (
          <p className="alert alert--info" role="alert" data-testid="prize-offline-note">
            {p('screen.offlineNote')}
          </p>
        )}
        <button
          type="button"
          className="btn btn--outline btn--lg btn--block prize__offline"
          aria-describedby={`${headingId}-offline`}
          onClick={() => setOfflineTapped(true)}
          data-testid="prize-offline"
        >
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M3 3l18 18" />
          </svg>
          {p('screen.offlineButton')}
        </button>
        <span id={`${headingId}-offline`} hidden>
          {p('screen.offlineNote')}
        </span>
      </>
    );
  } else if (state === 'notEnough') {
    foot = (
      <>
        <p className="prize__short" data-testid="prize-not-enough">
          {p('screen.state.notEnough', { missing: n(prize.missingStamps ?? prize.stampsNeeded) })}
        </p>
        <Link className="btn btn--outline btn--lg btn--block" to={to(paths.couponList())}>
          {p('screen.state.findCoupons')}
        </Link>
      </>
    );
  } else if (state === 'signedOut') {
    foot = (
      <button type="button" className="btn btn--primary btn--lg btn--block" onClick={onSignIn}>
        {p('screen.signIn')}
      </button>
    );
  } else {
    foot = (
      <p className="prize__closed" data-testid={state === 'outOfStock' ? 'prize-out-of-stock' : 'prize-rally-over'}>
        {state === 'outOfStock' ? p('screen.state.outOfStock') : p('screen.state.rallyOver')}
      </p>
    );
  }

  return (
    <li className="prize" data-testid="prize" data-state={state} aria-labelledby={headingId}>
      <div className={`prize__media${prize.imageUrl ? '' : ' prize__media--none'}`}>
        {prize.imageUrl ? (
          <img src={prize.imageUrl} alt="" width={400} height={300} loading="lazy" decoding="async" />
        ) : (
          <svg className="prize__placeholder" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
            <rect x="10" y="24" width="44" height="32" rx="4" fill="#fff" stroke="currentColor" strokeWidth="3" />
            <rect x="6" y="16" width="52" height="10" rx="3" fill="#fff" stroke="currentColor" strokeWidth="3" />
            <path d="M32 16v40" stroke="currentColor" strokeWidth="3" />
            <path
              d="M32 16c-4-8-14-10-14-3 0 4 8 3 14 3 6 0 14 1 14-3 0-7-10-5-14 3z"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinejoin="round"
            />
          </svg>
        )}
        <span className={`prize__kind prize__kind--${prize.kind}`}>{p(`screen.kind.${prize.kind}`)}</span>
      </div>
      <div className="prize__body">
        <h2 className="prize__name" id={headingId}>
          {prize.name}
        </h2>
        {prize.description && <p className="prize__desc">{prize.description}</p>}
        <dl className="prize__facts">
          <div>
            <dt>{p('screen.needs')}</dt>
            <dd data-testid="prize-needs">{p('screen.points', { points: n(prize.stampsNeeded) })}</dd>
          </div>
          <div>
            <dt>{prize.stockLeft === null ? p('screen.winners') : p('screen.stock')}</dt>
            <dd data-testid="prize-stock">
              {prize.stockLeft === null
                ? p('screen.stockLottery')
                : p('screen.stockCount', { count: n(prize.stockLeft) })}
            </dd>
          </div>
        </dl>
        <div className="prize__foot">{foot}</div>
      </div>
    </li>
  );
}
