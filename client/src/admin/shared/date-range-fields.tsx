import { useId } from 'react';
import { useAdminT } from '../lib/i18n';

/** One end of a period: the input's name (as the API's error paths name it), label, JST date `YYYY-MM-DD`, error. */
export type DateField = {
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
};

/**
 * A period as two date inputs side by side (JST dates, both ends included); the end cannot
 * be picked before the start. Errors sit beside their field.
 */
export function DateRangeFields({
  from,
  to,
  required = false,
}: {
  from: DateField;
  to: DateField;
  required?: boolean;
}) {
  const ids = { from: useId(), to: useId() };
  return (
    <div className="adm-grid-2 adm-grid-2--tight">
      <DateInput id={ids.from} field={from} required={required} />
      <DateInput id={ids.to} field={to} required={required} min={from.value || undefined} />
    </div>
  );
}

function DateInput({ id, field, required, min }: { id: string; field: DateField; required: boolean; min?: string }) {
  const t = useAdminT();
  return (
    <div className={`adm-field${field.error ? ' has-error' : ''}`}>
      <label className="adm-field__label" htmlFor={id}>
        {field.label}
        {required && <span className="adm-required">{t('couponForm.required')}</span>}
      </label>
      <input
        id={id}
        name={field.name}
        type="date"
        className="adm-input"
        value={field.value}
        min={min}
        onChange={(e) => field.onChange(e.target.value)}
        aria-invalid={field.error ? true : undefined}
      />
      {field.error && <p className="adm-field__error">{field.error}</p>}
    </div>
  );
}
