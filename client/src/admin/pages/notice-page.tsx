import { Link } from 'react-router-dom';
import { useAdminT, type AdminKey } from '../lib/i18n';
import { adminPaths, type AdminPageId } from '../lib/paths';
import { Icon, type IconName } from '../layout/icons';
import { PageHead } from './page-head';

function Notice({
  icon,
  badge,
  title,
  lead,
  tone,
}: {
  icon: IconName;
  badge?: string;
  title: string;
  lead: string;
  tone: 'soon' | 'stop';
}) {
  const t = useAdminT();
  return (
    <section
      className={`adm-notice adm-notice--${tone}`}
      data-testid={`admin-${tone === 'soon' ? 'coming-soon' : 'notice'}`}
    >
      <span className="adm-notice__icon">
        <Icon name={icon} size={30} />
      </span>
      {badge && <span className="adm-notice__badge">{badge}</span>}
      <h2 className="adm-notice__title">{title}</h2>
      <p className="adm-notice__lead">{lead}</p>
      <Link className="adm-btn adm-btn--ghost" to={adminPaths.index()}>
        <Icon name="arrowLeft" size={18} />
        {t('common.backToList')}
      </Link>
    </section>
  );
}

/** A screen a later issue fills: a clean 準備中 state under the page's own title, never a blank page. */
export function ComingSoonPage({ page }: { page: AdminPageId }) {
  const t = useAdminT();
  const title = t(`pages.${page}` as AdminKey);
  return (
    <div className="adm-page">
      <PageHead title={title} />
      <Notice
        icon="tools"
        tone="soon"
        badge={t('comingSoon.badge')}
        title={t('comingSoon.title')}
        lead={t('comingSoon.lead', { page: title })}
      />
    </div>
  );
}

/** A page this staff member's role may not open (shop staff on an admin-only page). */
export function ForbiddenPage({ page }: { page: AdminPageId }) {
  const t = useAdminT();
  return (
    <div className="adm-page">
      <PageHead title={t(`pages.${page}` as AdminKey)} />
      <Notice icon="lock" tone="stop" title={t('forbidden.title')} lead={t('forbidden.lead')} />
    </div>
  );
}

/** An unknown path under /management_admin/. */
export function AdminNotFoundPage() {
  const t = useAdminT();
  return (
    <div className="adm-page">
      <PageHead title={t('notFound.title')} />
      <Notice icon="alert" tone="stop" title={t('notFound.title')} lead={t('notFound.lead')} />
    </div>
  );
}
