import { useT } from '../lib/i18n';
import { useOfflineStore } from '../lib/offline-status';
import { dismissOutcomes } from '../lib/offline-sync';

/**
 * Answers to 'mark as used' presses replayed after being offline, until the visitor closes
 * them (or sees them on the coupon itself): done, or refused with the server's reason
 * (already used today, not nearby...).
 */
export function OfflineNotices({ owner }: { owner: string | null }) {
  const t = useT();
  const all = useOfflineStore((s) => s.outcomes);
  const notices = all.filter((o) => !o.seen && o.owner === owner);
  if (notices.length === 0) return null;
  return (
    <ul className="offline-notices" aria-label={t('offline.noticesLabel')} data-testid="offline-notices">
      {notices.map((o) => (
        <li key={o.key} className={`offline-notice offline-notice--${o.status}`} role="status">
          <p>
            {o.status === 'done'
              ? t('offline.replayDone', { title: o.ref.title })
              : t('offline.replayRefused', { title: o.ref.title, reason: o.message ?? o.code ?? '' })}
          </p>
          <button
            type="button"
            className="offline-notice__close"
            aria-label={t('common.close')}
            onClick={() => void dismissOutcomes([o.key])}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}
