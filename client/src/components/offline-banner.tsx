import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useLocale, useT } from '../lib/i18n';
import { afterFirstView, useOfflineStore, useOwner, watchNetwork } from '../lib/offline-status';
import { formatSyncTime } from './offline-time';
import './offline.css';
import { loadDeferredMessages } from '../lib/deferred-load';

/** Rarely shown parts load only when needed (they stay out of the first view's code); a failed load shows nothing. */
function optional<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (C) => ({ default: C }),
      () => ({ default: (() => null) as ComponentType<P> }),
    ),
  );
}
const loadSync = () => import('../lib/offline-sync');
const OfflineNotices = optional(() => import('./offline-notices').then((m) => m.OfflineNotices));
// Their texts are `deferred` messages, loaded with them.
const withTexts = <T,>(chunk: Promise<T>) => Promise.all([chunk, loadDeferredMessages()]).then(([m]) => m);
const OfflineUpdatePrompt = optional(() =>
  withTexts(import('./offline-update-prompt')).then((m) => m.OfflineUpdatePrompt),
);
const OfflineInstallHint = optional(() =>
  withTexts(import('./offline-install-hint')).then((m) => m.OfflineInstallHint),
);

/**
 * The public layout's offline strip (issue 5): offline (or the network failing), what shows
 * is saved data and when it was last synced; 'mark as used' presses waiting to be sent; the
 * answers to replayed presses; a new version to reload into; the iOS add-to-home hint.
 * Mounting it starts the page's offline machinery (the queue replay, the service worker).
 */
export function OfflineBanner() {
  const t = useT();
  const locale = useLocale();
  const owner = useOwner();
  const online = useOfflineStore((s) => s.online);
  const reachable = useOfflineStore((s) => s.reachable);
  const lastSync = useOfflineStore((s) => s.lastSync);
  const syncing = useOfflineStore((s) => s.syncing);
  const pending = useOfflineStore(
    (s) => s.pending.filter((p) => p.ref.kind === 'markUsed' && p.owner === owner).length,
  );
  const notices = useOfflineStore((s) => s.outcomes.some((o) => !o.seen && o.owner === owner));
  const [updateReady, setUpdateReady] = useState(false);
  const [hint, setHint] = useState(false);

  useEffect(() => {
    watchNetwork();
    // The queue's replay and IndexedDB load once the first view is up (at once offline).
    const start = () =>
      void loadSync().then(
        (m) => m.startOfflineSync(),
        () => undefined,
      );
    if (!navigator.onLine) start();
    else afterFirstView(start);
    // The service worker and the add-to-home hint, after the first view too (their code as well).
    afterFirstView(() => {
      void import('../lib/pwa').then((m) => {
        m.registerServiceWorker();
        m.usePwaStore.subscribe((s) => setUpdateReady(s.updateReady));
      });
      void import('./offline-install-check').then((m) => setHint(m.shouldHintInstall()));
    });
  }, []);

  const offline = !online || !reachable;
  return (
    <div className="offline-area">
      {offline && (
        <div className="offline-banner" role="status" data-testid="offline-banner">
          <svg
            className="offline-banner__icon"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0" />
            <circle cx="12" cy="19" r="1.2" fill="currentColor" stroke="none" />
            <path d="M3 3l18 18" />
          </svg>
          <div>
            <p className="offline-banner__title">{online ? t('offline.stale') : t('offline.banner')}</p>
            <p className="offline-banner__sub" data-testid="last-sync">
              {lastSync ? t('offline.lastSync', { time: formatSyncTime(lastSync, locale) }) : t('offline.neverSynced')}
            </p>
          </div>
        </div>
      )}
      {pending > 0 && (
        <div className="pending-bar" role="status" data-testid="pending-bar">
          <span className="pending-bar__dot" aria-hidden="true" />
          <p className="pending-bar__text">{t('offline.pending', { count: pending })}</p>
          {online &&
            (syncing ? (
              <span className="pending-bar__busy">{t('offline.sending')}</span>
            ) : (
              <button
                type="button"
                className="btn btn--ghost pending-bar__send"
                onClick={() => void loadSync().then((m) => m.syncNow())}
              >
                {t('offline.sendNow')}
              </button>
            ))}
        </div>
      )}
      <Suspense fallback={null}>
        {notices && <OfflineNotices owner={owner} />}
        {updateReady && <OfflineUpdatePrompt />}
        {hint && <OfflineInstallHint />}
      </Suspense>
    </div>
  );
}
