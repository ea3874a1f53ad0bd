import { formatSyncTime } from './offline-time';
import { useLocale, useT } from '../lib/i18n';

/** Under a heading: what shows is the saved copy, as of when (issue 5). */
export function SavedNote({ savedAt }: { savedAt: number }) {
  const t = useT();
  const locale = useLocale();
  return (
    <p className="saved-note" data-testid="saved-note">
      <svg
        viewBox="0 0 16 16"
        width="14"
        height="14"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      >
        <circle cx="8" cy="8" r="6.5" />
        <path d="M8 4.5V8l2.5 1.5" />
      </svg>
      {t('offline.savedAt', { time: formatSyncTime(savedAt, locale) })}
    </p>
  );
}
