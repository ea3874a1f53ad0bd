import { Link, useParams } from 'react-router-dom';
import { formatJstDate, formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { paths, useLocalePath } from '../../../lib/paths';
import { useAsync } from '../../../lib/use-async';
import { fetchMyStamps } from '../api/stamps.api';
import { StampCard } from '../components/stamp-card';
import '../stamps.css';

/** `/stamp/{id?}/`: my stamps in a rally (id = campaign id, default the running one). */
export function StampsPage() {
  const t = useT();
  const locale = useLocale();
  const to = useLocalePath();
  const raw = useParams().id;
  const campaignId = raw === undefined ? undefined : Number(raw);
  const list = useAsync((signal) => fetchMyStamps(campaignId, signal), [campaignId, locale]);
  const n = (v: number) => formatNumber(v, locale);

  return (
    <section className="page" aria-labelledby="stamps-title">
      <header className="page-head">
        <h1 id="stamps-title" className="page-head__title">
          {t('stamps.title')}
        </h1>
      </header>

      {list.status === 'loading' && (
        <div role="status" aria-live="polite">
          <span className="visually-hidden">{t('common.loading')}</span>
          <div className="skeleton skeleton--rally" aria-hidden="true" />
          <div className="skeleton skeleton--card" aria-hidden="true" />
        </div>
      )}

      {list.status === 'error' && (
        <div className="alert alert--error" role="alert">
          <p>{list.error.message}</p>
          <button type="button" className="btn btn--ghost" onClick={list.reload}>
            {t('common.retry')}
          </button>
        </div>
      )}

      {list.status === 'ready' && !list.data.campaign && (
        <div className="empty">
          <p>{t('stamps.noRally')}</p>
          <Link className="btn btn--primary btn--lg" to={to(paths.couponList())}>
            {t('stamps.findCoupons')}
          </Link>
        </div>
      )}

      {list.status === 'ready' && list.data.campaign && (
        <>
          <div className="rally">
            <p className="rally__name" data-testid="rally-name">
              {list.data.campaign.name}
            </p>
            <p className="rally__period">
              {t('stamps.rallyPeriod', {
                from: formatJstDate(list.data.campaign.startsOn, locale),
                to: formatJstDate(list.data.campaign.endsOn, locale),
              })}
            </p>
            <dl className="tally">
              <div className="tally__item tally__item--red">
                <dt>{t('stamps.red')}</dt>
                <dd data-testid="count-red">{n(list.data.red)}</dd>
              </div>
              <div className="tally__item tally__item--gold">
                <dt>{t('stamps.gold')}</dt>
                <dd data-testid="count-gold">{n(list.data.gold)}</dd>
              </div>
              <div className="tally__item tally__item--total">
                <dt>{t('stamps.total')}</dt>
                <dd data-testid="count-total">{n(list.data.total)}</dd>
              </div>
            </dl>
            <p className="rally__note">{t('stamps.totalNote')}</p>
          </div>

          <section className="stamp-card" aria-labelledby="stamp-card-title">
            <h2 id="stamp-card-title" className="section-title">
              {t('stamps.card')}
            </h2>
            {list.data.stamps.length === 0 && (
              <div className="empty empty--inline" data-testid="stamps-empty">
                <p>{t('stamps.empty')}</p>
                <Link className="btn btn--primary btn--lg" to={to(paths.couponList())}>
                  {t('stamps.findCoupons')}
                </Link>
              </div>
            )}
            <StampCard stamps={list.data.stamps} />
          </section>
        </>
      )}
    </section>
  );
}
