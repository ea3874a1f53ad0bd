import type { ReactNode } from 'react';
import { useContentT } from '../../../lib/i18n';

/** A labelled form field with its hint, its required mark and its error beside it. */
export function FormField({
  id,
  label,
  hint,
  error,
  counter,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  counter?: string;
  children: ReactNode;
}) {
  const c = useContentT();
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        <span>{label}</span>
        <span className="field__required">{c('contact.requiredMark')}</span>
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      <div className="field__foot">
        {error ? (
          <p className="field__error" id={`${id}-error`} data-testid={`error-${id}`} role="alert">
            {error}
          </p>
        ) : (
          <span />
        )}
        {counter && <span className="field__counter">{counter}</span>}
      </div>
    </div>
  );
}
