import { useEffect } from 'react';
import { useSessionStore } from '../stores/session.store';
import '../session.css';
import { useDeferredT, useT } from '../../../lib/i18n';

/**
 * What a visitor sees when an action needs them signed in: LINE sign-in through LIFF when
 * the server names a LIFF app; otherwise the demo sign-in outside production.
 */
export function SignInPanel({
  onSignedIn,
  titleId,
  level = 2,
}: {
  onSignedIn: () => void;
  titleId?: string;
  /** The title's heading level: 1 when the panel stands in for a page, 2 in a sheet. */
  level?: 1 | 2;
}) {
  const t = useT();
  const d = useDeferredT();
  const Title = level === 1 ? 'h1' : 'h2';
  const { config, configError, signingIn, signInError, loadConfig, signIn } = useSessionStore();
  useEffect(() => {
    void loadConfig();
  }, [loadConfig]);

  const press = async () => {
    if (await signIn()) onSignedIn();
  };

  return (
    <div className="signin">
      <div className="signin__badge" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="48" height="48">
          <circle cx="24" cy="17" r="8" fill="currentColor" />
          <path d="M8 42c1.5-9 8-14 16-14s14.5 5 16 14" fill="currentColor" />
        </svg>
      </div>
      <Title className="signin__title" id={titleId}>
        {d('session.title')}
      </Title>
      <p className="signin__lead">{d('session.lead')}</p>
      {configError ? (
        <div className="alert alert--error" role="alert">
          <p>{configError}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void loadConfig()}>
            {t('common.retry')}
          </button>
        </div>
      ) : !config ? (
        <p className="muted" role="status">
          {t('common.loading')}
        </p>
      ) : config.liffId ? (
        <>
          <button
            type="button"
            className="btn btn--line btn--xl btn--block"
            onClick={() => void press()}
            disabled={signingIn}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                fill="currentColor"
                d="M12 3C6.5 3 2 6.6 2 11c0 3.9 3.5 7.2 8.3 7.9.3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.5s5.8-3.4 7.9-5.8C21.3 14.4 22 12.8 22 11c0-4.4-4.5-8-10-8z"
              />
            </svg>
            {signingIn ? d('session.signingIn') : d('session.lineButton')}
          </button>
          <p className="signin__note">{d('session.lineNote')}</p>
        </>
      ) : config.demoLogin ? (
        <>
          <button
            type="button"
            className="btn btn--primary btn--xl btn--block"
            onClick={() => void press()}
            disabled={signingIn}
          >
            {signingIn ? d('session.signingIn') : d('session.demoButton')}
          </button>
          <p className="signin__note">{d('session.demoNote')}</p>
        </>
      ) : (
        <p className="alert alert--info">{d('session.unavailable')}</p>
      )}
      {signInError && (
        <p className="alert alert--error" role="alert">
          {signInError}
        </p>
      )}
    </div>
  );
}
