import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Spinner } from '../../../components/spinner';
import { useT, useDeferredT } from '../../../lib/i18n';

/**
 * Spec 2's store code entry modal: the shop's check-in code, typed by staff or read at the
 * counter, proves presence in place of GPS (issue 5). Submitting marks the coupon used.
 *
 * The sheet stays open while the code is checked and when it is refused: the server's reason
 * (`error`, e.g. a wrong code) shows beside the field with the typed code selected for
 * retyping. The parent closes it on success; cancelling closes it; it opens empty.
 */
export function StoreCodeDialog({
  open,
  busy = false,
  error = null,
  onClose,
  onSubmit,
  submitLabel,
}: {
  open: boolean;
  /** The code is being checked. */
  busy?: boolean;
  /** Why the last submitted code was refused. */
  error?: string | null;
  onClose: () => void;
  onSubmit: (code: string) => void;
  /** The submit button's text where submitting does not mark a coupon used (a shop's page checks the code). */
  submitLabel?: string;
}) {
  const t = useT();
  const v = useDeferredT();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  // The refusal belongs to the code as submitted: typing again puts it away.
  const [edited, setEdited] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      setCode('');
      setMissing(false);
      setEdited(false);
      d.showModal();
    }
    if (!open && d.open) d.close();
  }, [open]);

  const refused = error !== null && !edited && !busy;
  useEffect(() => {
    if (open && refused) input.current?.select();
  }, [open, refused]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = code.trim();
    if (!value) {
      setMissing(true);
      input.current?.focus();
      return;
    }
    setEdited(false);
    onSubmit(value);
  };

  const errorId = `${inputId}-error`;
  const message = missing ? v('storeCode.required') : refused ? error : null;
  return (
    <dialog
      ref={dialog}
      className="sheet"
      aria-labelledby={titleId}
      data-testid="store-code-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open && (
        <form className="sheet__body" onSubmit={submit} noValidate aria-busy={busy}>
          <button type="button" className="sheet__close" aria-label={t('common.close')} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
          <h2 className="signin__title" id={titleId}>
            {v('storeCode.title')}
          </h2>
          <p className="signin__lead">{v('storeCode.lead')}</p>
          <label className="store-code__field" htmlFor={inputId}>
            {v('storeCode.label')}
            <input
              ref={input}
              id={inputId}
              className="store-code__input"
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setMissing(false);
                setEdited(true);
              }}
              readOnly={busy}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              inputMode="text"
              maxLength={32}
              aria-invalid={message !== null}
              aria-describedby={message !== null ? errorId : undefined}
            />
          </label>
          {message !== null && (
            <p className="store-code__error" id={errorId} role="alert" data-testid="store-code-error">
              {message}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--xl btn--block" disabled={busy} aria-busy={busy}>
            {busy && <Spinner />}
            {busy ? t('coupons.sending') : (submitLabel ?? v('storeCode.submit'))}
          </button>
        </form>
      )}
    </dialog>
  );
}
