import { useState } from 'react';
import { useDeferredT, useT } from '../lib/i18n';
import { dismissInstallHint } from './offline-install-check';

/** iOS Safari has no install prompt: how to add the passport to the Home Screen. */
export function OfflineInstallHint() {
  const t = useT();
  const d = useDeferredT();
  const [show, setShow] = useState(true);
  if (!show) return null;
  const close = () => {
    dismissInstallHint();
    setShow(false);
  };
  return (
    <aside className="install-hint" aria-labelledby="install-hint-title" data-testid="install-hint">
      <img className="install-hint__icon" src="/icons/icon-192.png" alt="" width="44" height="44" />
      <div className="install-hint__text">
        <p className="install-hint__title" id="install-hint-title">
          {d('pwa.installTitle')}
        </p>
        <p className="install-hint__body">
          {d('pwa.installBody')}
          <svg
            className="install-hint__share"
            viewBox="0 0 24 24"
            width="18"
            height="18"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M12 3v12M7.5 7.5L12 3l4.5 4.5M6 11H5v10h14V11h-1" />
          </svg>
        </p>
      </div>
      <button type="button" className="install-hint__close" aria-label={t('common.close')} onClick={close}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </aside>
  );
}
