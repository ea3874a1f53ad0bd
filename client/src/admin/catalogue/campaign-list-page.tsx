import { Link } from 'react-router-dom';
import { Icon } from '../layout/icons';
import { formatDate } from '../lib/format';
import { useAdminLocale, useAdminT } from '../lib/i18n';
import { adminPaths } from '../lib/paths';
import { useLoad } from '../lib/use-load';
import { PageHead } from '../pages/page-head';
import { listCampaigns } from './catalogue.api';
import { rallyState, todayJst } from './campaign-state';
import '../coupons/coupons.css';
import './catalogue.css';
import { LoadErrorAlert } from '../shared/list-parts';

/** `campaign/` (issue 6): every stamp rally with its period and whether it runs now. */
export function CampaignListPage() {
  const t = useAdminT();
  const locale = useAdminLocale();
  const list = useLoad((signal) => listCampaigns(signal), [locale]);
  const today = todayJst();
  const rows = list.data ?? [];

  return (
    <div className="adm-page">
      <PageHead
        title={t('pages.campaigns')}
        lead={t('campaigns.lead')}
        actions={
          <Link className="adm-btn adm-btn--primary" to={adminPaths.page('campaignNew')}>
            <Icon name="plus" size={18} />
            {t('campaigns.new')}
          </Link>
        }
      />
      <section className="adm-card adm-results" aria-busy={list.status === 'loading'}>
        {list.status === 'error' && <LoadErrorAlert message={list.error.message} onRetry={list.reload} />}
        <div className="adm-table-wrap">
          <table className="adm-table" data-testid="campaign-table">
            <thead>
              <tr>
                <th scope="col">{t('campaigns.colName')}</th>
                <th scope="col">{t('campaigns.colPeriod')}</th>
                <th scope="col">{t('campaigns.colState')}</th>
                <th scope="col" className="adm-table__actions">
                  <span className="adm-visually-hidden">{t('couponList.colActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.status === 'loading' && !rows.length
                ? Array.from({ length: 3 }, (_, i) => (
                    <tr key={i} className="adm-table__skeleton" aria-hidden="true">
                      <td colSpan={4}>
                        <span />
                      </td>
                    </tr>
                  ))
                : rows.map((c) => {
                    const state = rallyState(c, today);
                    return (
                      <tr key={c.id} data-campaign-id={c.id}>
                        <td>
                          <Link className="adm-table__title" to={`${adminPaths.page('campaigns')}${c.id}/`}>
                            {c.name}
                          </Link>
                          <span className="adm-table__sub adm-clamp">{c.description}</span>
                        </td>
                        <td className="adm-table__nowrap">
                          {formatDate(c.startsOn, locale)} 〜 {formatDate(c.endsOn, locale)}
                        </td>
                        <td className="adm-table__nowrap">
                          <span
                            className={`adm-status adm-status--${state === 'running' ? 'published' : state === 'upcoming' ? 'scheduled' : 'expired'}`}
                            data-state={state}
                          >
                            <span className="adm-status__dot" aria-hidden="true" />
                            {t(`campaigns.state.${state}`)}
                          </span>
                        </td>
                        <td className="adm-table__actions">
                          <Link
                            className="adm-icon-btn"
                            to={`${adminPaths.page('campaigns')}${c.id}/`}
                            aria-label={t('couponList.editOne', { title: c.name })}
                            title={t('couponList.edit')}
                          >
                            <Icon name="edit" size={16} />
                          </Link>
                        </td>
                      </tr>
                    );
                  })}
            </tbody>
          </table>
          {list.status === 'ready' && rows.length === 0 && (
            <div className="adm-empty">
              <Icon name="stamp" size={32} />
              <p>{t('campaigns.empty')}</p>
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
