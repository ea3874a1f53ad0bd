import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n';

/**
 * Spec 2's store code entry modal: the shop's check-in code, typed by staff or read at the
 * counter, proves presence in place of GPS (issue 5). Submitting marks the coupon used.
 */
export function StoreCodeDialog({ open, onClose, onSubmit }: { open: boolean; onClose: () => void; onSubmit: (code: string) => void }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const inputId = useId();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      setMissing(true);
      return;
    }
    onSubmit(value);
  };

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
        <form className="sheet__body" onSubmit={submit} noValidate>
          <button type="button" className="sheet__close" aria-label={t('common.close')} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
          <h2 className="signin__title" id={titleId}>
            {t('storeCode.title')}
          </h2>
          <p className="signin__lead">{t('storeCode.lead')}</p>
          <label className="store-code__field" htmlFor={inputId}>
            {t('storeCode.label')}
            <input
              id={inputId}
              className="store-code__input"
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setMissing(false);
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              inputMode="text"
              maxLength={32}
              aria-invalid={missing}
              aria-describedby={missing ? `${inputId}-error` : undefined}
            />
          </label>
          {missing && (
            <p className="store-code__error" id={`${inputId}-error`} role="alert">
              {t('storeCode.required')}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--xl btn--block">
            {t('storeCode.submit')}
          </button>
        </form>
      )}
    </dialog>
  );
}
