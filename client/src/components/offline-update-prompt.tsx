import { useDeferredT } from '../lib/i18n';
import { applyUpdate, dismissUpdate, usePwaStore } from '../lib/pwa';

/** A new version is waiting: offered, and loaded only when the visitor says so. */
export function OfflineUpdatePrompt() {
  const t = useDeferredT();
  const ready = usePwaStore((s) => s.updateReady);
  if (!ready) return null;
  return (
    <div className="update-bar" role="status" data-testid="update-prompt">
      <p>{t('pwa.updateReady')}</p>
      <div className="update-bar__actions">
        <button type="button" className="btn btn--ghost" onClick={dismissUpdate}>
          {t('pwa.later')}
        </button>
        <button type="button" className="btn btn--primary" onClick={applyUpdate}>
          {t('pwa.updateReload')}
        </button>
      </div>
    </div>
  );
}
