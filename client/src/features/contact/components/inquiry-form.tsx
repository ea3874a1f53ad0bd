import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { InquiryAbout } from '@contracts/contacts';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/errors';
import { INTL_TAGS, useContentT, useLocale, useT, type Locale, type MessageKey } from '../../../lib/i18n';
import { paths, useLocalePath } from '../../../lib/paths';
import { sendInquiry, type ContactReceipt } from '../api/contact.api';
import { FormField } from './form-field';
import '../contact.css';

type Field = 'lineName' | 'email' | 'content';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const FIELDS: Field[] = ['lineName', 'email', 'content'];
/** The server's limits (contracts/contacts). */
const MAX: Record<Field, number> = { lineName: 100, email: 254, content: 4000 };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec 5: every field is required ('please be sure to input'); the email must look like one. */
function check(field: Field, value: string): MessageKey | null {
  const v = value.trim();
  if (!v) return 'validation.required';
  if (v.length > MAX[field]) return 'validation.tooLong';
  if (field === 'email' && !EMAIL.test(v)) return 'validation.email';
  return null;
}

/** "body.email: 必ず入力してください" -> { email: '必ず入力してください' } (already in the page's language). */
function serverErrors(details: readonly string[] | undefined): { fields: Errors; agreed?: string } {
  const fields: Errors = {};
  let agreed: string | undefined;
  for (const d of details ?? []) {
    const m = /^body\.(\w+): (.+)$/.exec(d);
    if (!m) continue;
    const [, name, message] = m as unknown as [string, string, string];
    if (name === 'agreed') agreed = message;
    else if ((FIELDS as string[]).includes(name)) fields[name as Field] ??= message;
  }
  return { fields, agreed };
}

const formatReceived = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(INTL_TAGS[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Tokyo',
  }).format(new Date(iso));

/**
 * What an inquiry is about, asked before sending: `{ about }` to send (null: nothing in
 * particular), or `{ error }` to show instead of sending (the chooser shows and focuses it).
 */
export type AboutCheck = { about: InquiryAbout | null } | { error: string };

/**
 * The inquiry form of `/contact/` and `/info/form/` (spec 2, 5): LINE profile name, email,
 * inquiry and the privacy/terms agreement. Each field is required; sending stays disabled
 * until the visitor agrees; the server's field errors show beside the fields; on success the
 * visitor is told it was received. `title` and `lead` head it; `chooser` (the information
 * form's coupon or shop) comes first in the form, and `checkAbout` says what it is about when
 * sending; `aboutName` is repeated on the receipt.
 */
export function InquiryForm({
  title,
  lead,
  chooser,
  checkAbout,
  aboutName,
}: {
  title: string;
  lead: ReactNode;
  chooser?: ReactNode;
  checkAbout?: () => AboutCheck;
  aboutName?: string;
}) {
  const t = useT();
  const c = useContentT();
  const locale = useLocale();
  const to = useLocalePath();
  const [values, setValues] = useState<Values>({ lineName: '', email: '', content: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [agreed, setAgreed] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [receipt, setReceipt] = useState<ContactReceipt | null>(null);
  const refs = {
    lineName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    content: useRef<HTMLTextAreaElement>(null),
  };
  const successRef = useRef<HTMLHeadingElement>(null);

  const setField = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // An error shown beside a field goes as soon as the field is right.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: check(field, value) ? e[field] : undefined }));
  };
  const blurField = (field: Field) => {
    if (!values[field]) return; // not yet filled in: say nothing until they send
    const problem = check(field, values[field]);
    setErrors((e) => ({ ...e, [field]: problem ? t(problem) : undefined }));
  };
  const focusFirst = (errs: Errors) => refs[FIELDS.find((f) => errs[f]) ?? 'lineName'].current?.focus();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!agreed || sending) return;
    const found: Errors = {};
    for (const f of FIELDS) {
      const problem = check(f, values[f]);
      if (problem) found[f] = t(problem);
    }
    setErrors(found);
    setFormError(null);
    const about = checkAbout?.() ?? { about: null };
    if ('error' in about) {
      setFormError(about.error);
      return;
    }
    if (Object.keys(found).length) {
      setFormError(c('contact.fixErrors'));
      focusFirst(found);
      return;
    }
    setSending(true);
    try {
      const data = await sendInquiry({
        lineName: values.lineName.trim(),
        email: values.email.trim(),
        content: values.content.trim(),
        agreed: true,
        ...(about.about ? { about: about.about } : {}),
      });
      setReceipt(data);
      window.scrollTo(0, 0);
      requestAnimationFrame(() => successRef.current?.focus());
    } catch (err) {
      const server = err instanceof ApiError && err.status === 400 ? serverErrors(err.details) : null;
      if (server && (Object.keys(server.fields).length || server.agreed)) {
        setErrors(server.fields);
        setFormError(server.agreed ?? c('contact.fixErrors'));
        focusFirst(server.fields);
      } else {
        setFormError(messageOf(err));
      }
    } finally {
      setSending(false);
    }
  }

  if (receipt) {
    return (
      <section className="page contact" aria-labelledby="contact-done">
        <div className="contact-done" data-testid="contact-success">
          <svg className="contact-done__art" viewBox="0 0 80 80" width="80" height="80" aria-hidden="true">
            <circle cx="40" cy="40" r="38" fill="var(--ok-soft)" />
            <path
              d="M24 41l11 11 21-24"
              fill="none"
              stroke="var(--ok)"
              strokeWidth="6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <h1 id="contact-done" className="contact-done__title" tabIndex={-1} ref={successRef}>
            {c('contact.successTitle')}
          </h1>
          <p className="contact-done__body">{c('contact.successBody')}</p>
          {aboutName && (
            <p className="contact-done__body" data-testid="inquiry-about-name">
              {aboutName}
            </p>
          )}
          <dl className="contact-done__receipt">
            <div>
              <dt>{c('contact.receipt')}</dt>
              <dd data-testid="contact-receipt">
                {new Intl.NumberFormat(INTL_TAGS[locale], { useGrouping: false }).format(receipt.id)}
              </dd>
            </div>
            <div>
              <dt>{c('contact.receivedAt')}</dt>
              <dd>{formatReceived(receipt.receivedAt, locale)}</dd>
            </div>
          </dl>
        </div>
        <div className="contact-done__actions">
          <Link className="btn btn--primary btn--lg btn--block" to={to(paths.home())}>
            {t('page.backHome')}
          </Link>
          <button
            type="button"
            className="btn btn--outline btn--lg btn--block"
            onClick={() => {
              setValues({ lineName: values.lineName, email: values.email, content: '' });
              setAgreed(false);
              setReceipt(null);
            }}
          >
            {c('contact.another')}
          </button>
        </div>
      </section>
    );
  }

  const describedBy = (f: Field) => [`${f}-hint`, errors[f] ? `${f}-error` : null].filter(Boolean).join(' ');
  return (
    <section className="page contact" aria-labelledby="contact-title">
      <header className="page-head">
        <h1 id="contact-title" className="page-head__title">
          {title}
        </h1>
        <p className="page-head__lead">{lead}</p>
      </header>

      <aside className="contact-hours" aria-labelledby="contact-hours-title" data-testid="support-hours">
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.9"
          strokeLinecap="round"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3.5 2" />
        </svg>
        <div>
          <h2 id="contact-hours-title" className="contact-hours__title">
            {c('contact.hoursTitle')}
          </h2>
          <p className="contact-hours__text">{c('contact.hours')}</p>
        </div>
      </aside>

      <form className="contact-form" noValidate onSubmit={(e) => void submit(e)} data-testid="contact-form">
        {chooser}
        <FormField id="lineName" label={c('contact.lineName')} hint={c('contact.lineNameHint')} error={errors.lineName}>
          <input
            ref={refs.lineName}
            id="lineName"
            name="lineName"
            className="input"
            autoComplete="nickname"
            maxLength={MAX.lineName}
            required
            aria-invalid={Boolean(errors.lineName)}
            aria-describedby={describedBy('lineName')}
            value={values.lineName}
            onChange={(e) => setField('lineName', e.target.value)}
            onBlur={() => blurField('lineName')}
          />
        </FormField>
        <FormField id="email" label={c('contact.email')} hint={c('contact.emailHint')} error={errors.email}>
          <input
            ref={refs.email}
            id="email"
            name="email"
            type="email"
            inputMode="email"
            className="input"
            autoComplete="email"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={MAX.email}
            required
            aria-invalid={Boolean(errors.email)}
            aria-describedby={describedBy('email')}
            value={values.email}
            onChange={(e) => setField('email', e.target.value)}
            onBlur={() => blurField('email')}
          />
        </FormField>
        <FormField
          id="content"
          label={c('contact.content')}
          hint={c('contact.contentHint')}
          error={errors.content}
          counter={c('contact.length', {
            count: new Intl.NumberFormat(INTL_TAGS[locale]).format(values.content.length),
            max: new Intl.NumberFormat(INTL_TAGS[locale]).format(MAX.content),
          })}
        >
          <textarea
            ref={refs.content}
            id="content"
            name="content"
            className="input input--area"
            rows={7}
            maxLength={MAX.content}
            required
            aria-invalid={Boolean(errors.content)}
            aria-describedby={describedBy('content')}
            value={values.content}
            onChange={(e) => setField('content', e.target.value)}
            onBlur={() => blurField('content')}
          />
        </FormField>

        <div className="agree">
          <label className="agree__box">
            <input
              type="checkbox"
              name="agreed"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
              data-testid="agree"
            />
            <span>{c('contact.agree')}</span>
          </label>
          <p className="agree__links">
            <Link to={to(paths.privacy())} target="_blank" rel="noopener">
              {c('contact.readPrivacy')}
              <span className="visually-hidden">{t('common.opensInNewTab')}</span>
            </Link>
            <Link to={to(paths.terms())} target="_blank" rel="noopener">
              {c('contact.readTerms')}
              <span className="visually-hidden">{t('common.opensInNewTab')}</span>
            </Link>
          </p>
        </div>

        {formError && (
          <p className="alert alert--error" role="alert" data-testid="contact-form-error">
            {formError}
          </p>
        )}

        <button
          type="submit"
          className="btn btn--primary btn--xl btn--block"
          disabled={!agreed || sending}
          aria-describedby={agreed ? undefined : 'agree-first'}
        >
          {sending ? c('contact.sending') : c('contact.send')}
        </button>
        {!agreed && (
          <p className="contact-form__note" id="agree-first">
            {c('contact.agreeFirst')}
          </p>
        )}
      </form>
    </section>
  );
}
