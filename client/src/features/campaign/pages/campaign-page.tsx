import { Link } from 'react-router-dom';
import { formatMonthDay, RALLY_PERIOD } from '../../../components/product-rules';
import { Prose } from '../../../components/prose';
import { formatJstDate } from '../../../lib/format';
import { useContentT, useLocale, useT } from '../../../lib/i18n';
import { paths, useLocalePath } from '../../../lib/paths';
import { useAsync } from '../../../lib/use-async';
import { fetchRunningCampaign } from '../api/campaign.api';
import '../campaign.css';

/**
 * `/campaign/` (spec 2): the stamp rally (the running one, if any). The friend-share campaign
 * joins it when it is built (issue 11: no promise of what a visitor cannot do yet).
 */
export function CampaignPage() {
  const t = useT();
  const c = useContentT();
  const locale = useLocale();
  const to = useLocalePath();
  const rally = useAsync((signal) => fetchRunningCampaign(signal), [locale]);
  const yearly = { from: formatMonthDay(RALLY_PERIOD.from, locale), to: formatMonthDay(RALLY_PERIOD.to, locale) };

  return (
    <section className="page campaign" aria-labelledby="campaign-title">
      <header className="page-head">
        <h1 id="campaign-title" className="page-head__title">
          {c('campaign.title')}
        </h1>
        <p className="page-head__lead">{c('campaign.lead')}</p>
      </header>

      <section className="campaign-card campaign-card--rally" aria-labelledby="rally-title">
        <h2 id="rally-title" className="campaign-card__title">
          {c('campaign.rallyTitle')}
        </h2>
        {rally.status === 'loading' && (
          <div role="status">
            <span className="visually-hidden">{t('common.loading')}</span>
            <div className="skeleton skeleton--line" aria-hidden="true" />
            <div className="skeleton skeleton--line skeleton--short" aria-hidden="true" />
          </div>
        )}
        {rally.status === 'error' && (
          <div className="alert alert--error" role="alert">
            <p>{rally.error.message}</p>
            <button type="button" className="btn btn--ghost" onClick={rally.reload}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {rally.status === 'ready' && rally.data && (
          <div data-testid="campaign-rally">
            <p className="campaign-card__badge">{c('campaign.rallyRunning')}</p>
            <p className="campaign-card__name">{rally.data.name}</p>
            <p className="campaign-card__period">
              {c('campaign.rallyPeriod', {
                from: formatJstDate(rally.data.startsOn, locale),
                to: formatJstDate(rally.data.endsOn, locale),
              })}
            </p>
            {rally.data.description && <p className="campaign-card__text">{rally.data.description}</p>}
          </div>
        )}
        {rally.status === 'ready' && !rally.data && (
          <p className="campaign-card__text">{c('campaign.rallyNone', yearly)}</p>
        )}
        <Prose className="campaign-card__rules" text={c('campaign.rallyRules')} />
        <div className="campaign-card__actions">
          {rally.status === 'ready' && rally.data ? (
            <Link className="btn btn--primary btn--lg btn--block" to={to(paths.stamps(rally.data.id))}>
              {c('campaign.toStamps')}
            </Link>
          ) : (
            <Link className="btn btn--outline btn--lg btn--block" to={to(paths.couponList())}>
              {c('campaign.toCoupons')}
            </Link>
          )}
        </div>
      </section>
    </section>
  );
}
