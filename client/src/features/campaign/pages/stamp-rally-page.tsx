import { Link, useParams } from 'react-router-dom';
import type { Campaign } from '@contracts/campaigns';
import { AREAS } from '@contracts/common';
import type { SpotCount } from '@contracts/stamps';
import { Delayed } from '../../../components/delayed';
import { SavedNote } from '../../../components/offline-saved-note';
import { formatMonthDay, RALLY_PERIOD } from '../../../components/product-rules';
import { StampSeal } from '../../../components/stamp-seal';
import { useSignedIn } from '../../../lib/auth-token';
import { errorText } from '../../../lib/errors';
import { formatJstDate, formatNumber, formatShortDate } from '../../../lib/format';
import { useContentT, useDeferredT, useLocale, useT } from '../../../lib/i18n';
import { useBackOnline } from '../../../lib/offline-status';
import { paths, useLocalePath } from '../../../lib/paths';
import { useRequireSignIn } from '../../../lib/sign-in';
import { useAsync } from '../../../lib/use-async';
import { loadRallyView } from '../api/rally.api';
import '../rally.css';

const JST_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' });
/** Today's JST calendar date (YYYY-MM-DD): rally periods are JST dates. */
const jstToday = () => JST_DAY.format(new Date());

/** Where a rally stands on JST day `today` (its period's ends included). */
function rallyState(c: Pick<Campaign, 'startsOn' | 'endsOn'>, today: string): 'upcoming' | 'running' | 'over' {
  if (today < c.startsOn) return 'upcoming';
  return today > c.endsOn ? 'over' : 'running';
}

/** My red, gold and total stamp points, and per area the stamps and points, from /stamps/spotcount. */
function totals(counts: SpotCount) {
  const areas = new Map(counts.areas.map((a) => [a.area, { stamps: a.red + a.gold, points: a.points }]));
  const red = counts.areas.reduce((n, a) => n + a.red, 0);
  const gold = counts.areas.reduce((n, a) => n + a.gold, 0);
  return { red, gold, total: counts.areas.reduce((n, a) => n + a.points, 0), areas };
}

/**
 * `/campaign/stamp-rally/{id?}/` (spec 2; issue 15): a stamp rally's own page (id = campaign
 * id, default the running one): its period (JST dates) and whether it runs, the rules (red 1
 * per coupon use, gold 10 for lodging, once a day each, the day pressed counts), the visitor's
 * stamps (sign-in prompt when signed out), and the six areas with their stamps there and
 * today's coupons. States: loading, no such rally (404), over, none running, offline copy.
 */
export function StampRallyPage() {
  const t = useT();
  const c = useContentT();
  const v = useDeferredT();
  const locale = useLocale();
  const to = useLocalePath();
  const signedIn = useSignedIn();
  const requireSignIn = useRequireSignIn();
  const raw = useParams().id;
  const campaignId = raw === undefined ? undefined : Number(raw);
  const view = useAsync(() => loadRallyView(campaignId, signedIn, locale), [campaignId, signedIn, locale]);
  const savedCopy = view.status === 'ready' && view.data.savedAt !== null;
  useBackOnline(() => {
    if (savedCopy || view.status === 'error') view.reload();
  });
  const n = (v: number) => formatNumber(v, locale);
  const notFound =
    view.status === 'error' &&
    (view.error.code === 'CAMPAIGN_NOT_FOUND' ||
      view.error.code === 'NOT_FOUND' ||
      (campaignId !== undefined && view.error.code === 'VALIDATION_FAILED'));
  const data = view.status === 'ready' ? view.data.data : null;
  const rally = data?.rally ?? null;
  const state = rally ? rallyState(rally, jstToday()) : null;
  const mine = data?.mine ? totals(data.mine) : null;

  return (
    <section className="page rally-page" aria-labelledby="rally-page-title">
      <header className="page-head">
        <h1 id="rally-page-title" className="page-head__title" data-testid="rally-page-title">
          {rally?.name || c('rally.title')}
        </h1>
        {rally && state && (
          <p className="rally-page__head">
            <span className={`rally-badge rally-badge--${state}`} data-testid="rally-state">
              {c(`rally.state.${state}`)}
            </span>
            <span className="rally-page__period">
              {c('rally.period', {
                from: formatJstDate(rally.startsOn, locale),
                to: formatJstDate(rally.endsOn, locale),
              })}
            </span>
          </p>
        )}
      </header>

      {view.status === 'loading' && (
        <Delayed role="status" aria-live="polite">
          <span className="visually-hidden">{t('common.loading')}</span>
          <div className="skeleton rally-skeleton" aria-hidden="true" />
          <div className="skeleton rally-skeleton rally-skeleton--tall" aria-hidden="true" />
        </Delayed>
      )}

      {notFound && (
        <div className="empty" role="alert" data-testid="rally-not-found">
          <p>{errorText('CAMPAIGN_NOT_FOUND')}</p>
          <Link className="btn btn--primary btn--lg" to={to(paths.stampRally())}>
            {c('rally.toCurrent')}
          </Link>
          <Link className="btn btn--ghost" to={to(paths.couponList())}>
            {c('rally.toCoupons')}
          </Link>
        </div>
      )}

      {view.status === 'error' && !notFound && (
        <div className="alert alert--error" role="alert">
          <p>{view.error.message}</p>
          <button type="button" className="btn btn--ghost" onClick={view.reload}>
            {t('common.retry')}
          </button>
        </div>
      )}

      {view.status === 'ready' && view.data.savedAt !== null && <SavedNote savedAt={view.data.savedAt} />}

      {data && !rally && (
        <div className="empty" data-testid="rally-none">
          <p>
            {c('rally.none', {
              from: formatMonthDay(RALLY_PERIOD.from, locale),
              to: formatMonthDay(RALLY_PERIOD.to, locale),
            })}
          </p>
          <Link className="btn btn--primary btn--lg" to={to(paths.couponList())}>
            {c('rally.toCoupons')}
          </Link>
        </div>
      )}

      {data && rally && (
        <>
          {state === 'over' && (
            <div className="alert alert--info rally-page__notice" data-testid="rally-over">
              <p>{c('rally.overNotice', { date: formatJstDate(rally.endsOn, locale) })}</p>
              <Link className="btn btn--outline btn--lg btn--block" to={to(paths.stampRally())}>
                {c('rally.toCurrent')}
              </Link>
            </div>
          )}
          {state === 'upcoming' && (
            <p className="alert alert--info rally-page__notice" data-testid="rally-upcoming">
              {c('rally.upcomingNotice', { date: formatJstDate(rally.startsOn, locale) })}
            </p>
          )}
          {rally.description && <p className="rally-page__text">{rally.description}</p>}

          <section className="rally-box" aria-labelledby="rally-rules-title">
            <h2 id="rally-rules-title" className="section-title">
              {c('rally.rulesTitle')}
            </h2>
            <ul className="rally-rules">
              <li className="rally-rules__item">
                <StampSeal kind="red" size="sm">
                  <span className="rally-rules__value">1</span>
                </StampSeal>
                <p>{c('rally.ruleRed')}</p>
              </li>
              <li className="rally-rules__item">
                <StampSeal kind="gold" size="sm">
                  <span className="rally-rules__value">10</span>
                </StampSeal>
                <p>{c('rally.ruleGold')}</p>
              </li>
            </ul>
            <p className="rally-rules__note">{c('rally.ruleDay')}</p>
            <p className="rally-rules__note">{c('rally.rulePrize')}</p>
          </section>

          <section className="rally-box" aria-labelledby="rally-mine-title" data-testid="rally-mine">
            <h2 id="rally-mine-title" className="section-title">
              {c('rally.mineTitle')}
            </h2>
            {mine ? (
              <>
                <dl className="rally-tally">
                  <div className="rally-tally__item rally-tally__item--red">
                    <dt>{v('stamps.red')}</dt>
                    <dd data-testid="rally-red">{n(mine.red)}</dd>
                  </div>
                  <div className="rally-tally__item rally-tally__item--gold">
                    <dt>{v('stamps.gold')}</dt>
                    <dd data-testid="rally-gold">{n(mine.gold)}</dd>
                  </div>
                  <div className="rally-tally__item rally-tally__item--total">
                    <dt>{v('stamps.total')}</dt>
                    <dd data-testid="rally-total">{n(mine.total)}</dd>
                  </div>
                </dl>
                {data.latest.length > 0 ? (
                  <>
                    <h3 className="rally-latest__title">{c('rally.recentTitle')}</h3>
                    <ul className="rally-latest" data-testid="rally-latest">
                      {data.latest.map((s) => (
                        <li key={s.stampId} className="rally-latest__item">
                          <span className={`rally-dot rally-dot--${s.kind}`} aria-hidden="true" />
                          <span className="rally-latest__text">
                            <span className="rally-latest__coupon">{s.couponTitle}</span>
                            <span className="rally-latest__meta">
                              {c('rally.stampLine', { date: formatShortDate(s.stampedAt, locale), spot: s.spotName })}
                            </span>
                          </span>
                          <span className="rally-latest__points">
                            {t(`stampKinds.${s.kind}`)} {c('rally.pointsUnit', { count: n(s.value) })}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <p className="rally-page__text">{c('rally.noStamps')}</p>
                )}
                {state === 'running' && data.unusedToday !== null && data.unusedToday > 0 && (
                  <p className="rally-page__text" data-testid="rally-unused-today">
                    {c('rally.unusedToday', { count: n(data.unusedToday) })}
                  </p>
                )}
                <div className="rally-actions">
                  <Link className="btn btn--primary btn--lg btn--block" to={to(paths.stamps(rally.id))}>
                    {c('rally.toCard')}
                  </Link>
                  <Link className="btn btn--outline btn--lg btn--block" to={to(paths.prize(rally.id))}>
                    {c('rally.toPrizes')}
                  </Link>
                </div>
              </>
            ) : (
              <div className="rally-signin" data-testid="rally-sign-in">
                <p>{c('rally.signInLead')}</p>
                <button
                  type="button"
                  className="btn btn--primary btn--lg btn--block"
                  onClick={() => void requireSignIn()}
                >
                  {c('rally.signIn')}
                </button>
              </div>
            )}
          </section>

          <section className="rally-box" aria-labelledby="rally-areas-title">
            <h2 id="rally-areas-title" className="section-title">
              {c('rally.areasTitle')}
            </h2>
            <p className="rally-page__text">{c('rally.areasLead')}</p>
            <ul className="rally-areas" data-testid="rally-areas">
              {AREAS.map((area) => {
                const mineHere = mine ? (mine.areas.get(area) ?? { stamps: 0, points: 0 }) : undefined;
                return (
                  <li key={area} className="rally-area" data-area={area}>
                    <span className="rally-area__name">{t(`areas.${area}`)}</span>
                    {mineHere && (
                      <span
                        className={mineHere.stamps ? 'rally-area__mine' : 'rally-area__mine rally-area__mine--zero'}
                        data-testid={`area-stamps-${area}`}
                      >
                        {c('rally.areaStamps', { count: n(mineHere.stamps) })}
                        <span className="rally-area__points">
                          {c('rally.areaPoints', { count: n(mineHere.points) })}
                        </span>
                      </span>
                    )}
                    <span className="rally-area__coupons">
                      {c('rally.areaCoupons', { count: n(data.tickets.byArea[area]) })}
                    </span>
                  </li>
                );
              })}
            </ul>
            <div className="rally-actions">
              <Link className="btn btn--outline btn--lg btn--block" to={to(paths.couponList())}>
                {c('rally.toCoupons')}
              </Link>
            </div>
          </section>
        </>
      )}
    </section>
  );
}
