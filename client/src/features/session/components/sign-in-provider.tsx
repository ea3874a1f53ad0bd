import { Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { onTokenChange, readToken } from '../../../lib/auth-token';
import { SignInContext } from '../../../lib/sign-in';
import { SignInPanel } from './sign-in-panel.lazy';
import { useT } from '../../../lib/i18n';
import { useSessionStore } from '../stores/session.store';
// The sheet's styles (also the store code sheet's) stay with the shell; the panel loads later.
import '../session.css';

/**
 * Provides `useRequireSignIn()` to every feature: resolves at once when a token is held,
 * otherwise opens the sign-in sheet and resolves when the visitor signs in or closes it.
 */
export function SignInProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const waiting = useRef<Array<(ok: boolean) => void>>([]);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  const settle = useCallback((ok: boolean) => {
    const resolvers = waiting.current;
    waiting.current = [];
    setOpen(false);
    resolvers.forEach((r) => r(ok));
  }, []);

  // Back from LINE Login, or inside LINE: sign in without a tap; again when a 401 forgot the token.
  useEffect(() => {
    const resume = () => void useSessionStore.getState().resume();
    resume();
    return onTokenChange(resume);
  }, []);

  const requireSignIn = useCallback(() => {
    if (readToken()) return Promise.resolve(true);
    setOpen(true);
    return new Promise<boolean>((resolve) => waiting.current.push(resolve));
  }, []);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <SignInContext.Provider value={requireSignIn}>
      {children}
      <dialog
        ref={dialog}
        className="sheet"
        aria-labelledby={titleId}
        onCancel={(e) => {
          e.preventDefault();
          settle(false);
        }}
        onClick={(e) => {
          if (e.target === e.currentTarget) settle(false);
        }}
      >
        {open && (
          <div className="sheet__body">
            <button type="button" className="sheet__close" aria-label={t('common.close')} onClick={() => settle(false)}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </button>
            <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
              <SignInPanel titleId={titleId} onSignedIn={() => settle(true)} />
            </Suspense>
          </div>
        )}
      </dialog>
    </SignInContext.Provider>
  );
}
