import type { ApplicationStatus, PrizeKind } from '@contracts/prizes';
import { useAdminT } from '../lib/i18n';

/** A prize's kind: exchange (first come, first served) or lottery (drawn). */
export function PrizeKindBadge({ kind }: { kind: PrizeKind }) {
  const t = useAdminT();
  return (
    <span className={`adm-prize-kind adm-prize-kind--${kind}`} data-kind={kind}>
      {t(`prizes.kinds.${kind}`)}
    </span>
  );
}

/** Published or not, in the coupons' status colours. */
export function PublishedBadge({ published }: { published: boolean }) {
  const t = useAdminT();
  return (
    <span
      className={`adm-status adm-status--${published ? 'published' : 'draft'}`}
      data-status={published ? 'published' : 'draft'}
    >
      <span className="adm-status__dot" aria-hidden="true" />
      {published ? t('prizes.publishedOn') : t('prizes.publishedOff')}
    </span>
  );
}

/** An application's status: applied, won, lost, shipped. */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const t = useAdminT();
  return (
    <span className={`adm-status adm-app-status--${status}`} data-app-status={status}>
      <span className="adm-status__dot" aria-hidden="true" />
      {t(`prizes.applications.statuses.${status}`)}
    </span>
  );
}
