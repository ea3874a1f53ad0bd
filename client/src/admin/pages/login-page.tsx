import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AdminApiError, adminMessageOf } from '../lib/api';
import { useAdminT } from '../lib/i18n';
import { safeNext } from '../lib/paths';
import { Redirect } from '../lib/redirect';
import { Icon } from '../layout/icons';
import { useStaffSession } from '../session/session.store';
import { useDocumentTitle } from './page-head';

type Fields = { email?: string; password?: string };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * `/management_admin/login/` (spec 6): email and password to POST /api/login. The server's
 * message (localised by x-lang) shows for a refusal; the same one whether the email or the
 * password was wrong. Empty or malformed fields are caught here first, beside the field.
 */
export function LoginPage() {
  const t = useAdminT();
  const navigate = useNavigate();
  const next = safeNext(new URLSearchParams(useLocation().search).get('next'));
  const { status, expired, login } = useStaffSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Fields>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const ids = {
    email: useId(),
    password: useId(),
    emailErr: useId(),
    passwordErr: useId(),
    alert: useId(),
    heading: useId(),
  };

  useEffect(() => emailRef.current?.focus(), []);
  useDocumentTitle(t('login.heading'));

  if (status === 'signedIn' && !busy) return <Redirect to={next} />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found: Fields = {};
    const mail = email.trim();
    if (!mail) found.email = t('login.emailRequired');
    else if (!EMAIL.test(mail)) found.email = t('login.emailInvalid');
    if (!password) found.password = t('login.passwordRequired');
    setFields(found);
    setError(null);
    if (found.email || found.password) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    try {
      await login(mail, password);
      navigate(next, { replace: true });
    } catch (err) {
      setBusy(false);
      if (err instanceof AdminApiError && Object.keys(err.fields).length) {
        setFields({ email: err.fields.email, password: err.fields.password });
      }
      setError(adminMessageOf(err));
      setPassword('');
      passwordRef.current?.focus();
    }
  };

  const shownError = error ?? (expired ? t('login.expired') : null);
  return (
    <section className="adm-login-card" aria-labelledby={ids.heading}>
      <h1 className="adm-login-card__title" id={ids.heading}>
        {t('login.heading')}
      </h1>
      <p className="adm-login-card__lead">{t('login.lead')}</p>
      {shownError && (
        <div
          className={`adm-alert ${error ? 'adm-alert--error' : 'adm-alert--warn'}`}
          role="alert"
          id={ids.alert}
          data-testid="admin-login-error"
        >
          <Icon name="alert" size={20} />
          <span>{shownError}</span>
        </div>
      )}
      <form className="adm-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        <div className={`adm-field${fields.email ? ' has-error' : ''}`}>
          <label htmlFor={ids.email} className="adm-field__label">
            {t('login.email')}
          </label>
          <div className="adm-input-icon">
            <Icon name="mail" size={18} />
            <input
              ref={emailRef}
              id={ids.email}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="username"
              className="adm-input"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={fields.email ? true : undefined}
              aria-describedby={fields.email ? ids.emailErr : undefined}
              disabled={busy}
            />
          </div>
          {fields.email && (
            <p className="adm-field__error" id={ids.emailErr}>
              {fields.email}
            </p>
          )}
        </div>
        <div className={`adm-field${fields.password ? ' has-error' : ''}`}>
          <label htmlFor={ids.password} className="adm-field__label">
            {t('login.password')}
          </label>
          <div className="adm-input-icon">
            <Icon name="lock" size={18} />
            <input
              ref={passwordRef}
              id={ids.password}
              name="password"
              type={show ? 'text' : 'password'}
              autoComplete="current-password"
              className="adm-input adm-input--with-end"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={fields.password ? true : undefined}
              aria-describedby={fields.password ? ids.passwordErr : undefined}
              disabled={busy}
            />
            <button
              type="button"
              className="adm-input-icon__end"
              onClick={() => setShow((s) => !s)}
              aria-label={show ? t('login.hidePassword') : t('login.showPassword')}
              aria-pressed={show}
            >
              <Icon name={show ? 'eyeOff' : 'eye'} size={18} />
            </button>
          </div>
          {fields.password && (
            <p className="adm-field__error" id={ids.passwordErr}>
              {fields.password}
            </p>
          )}
        </div>
        <button type="submit" className="adm-btn adm-btn--primary adm-btn--block adm-btn--lg" disabled={busy}>
          {busy && <span className="adm-spinner adm-spinner--sm" aria-hidden="true" />}
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <p className="adm-login-card__help">{t('login.help')}</p>
    </section>
  );
}
