import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Icon } from '../layout/icons';
import { useAdminT } from '../lib/i18n';
import { MAX_TAGS } from './admin-coupon-form-model';
import { suggestTags } from './coupons.api';

/**
 * Tags as chips: Enter or a comma adds what is typed; tags already used on other coupons
 * are suggested as one types (/api/admincoupons/get/tags), so spellings stay the same.
 */
export function TagsInput({
  value,
  error,
  onChange,
}: {
  value: string[];
  error?: string;
  onChange: (tags: string[]) => void;
}) {
  const t = useAdminT();
  const id = useId();
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      suggestTags(text.trim(), ctrl.signal).then(
        (rows) => setSuggestions(rows.map((r) => r.tag)),
        () => setSuggestions([]),
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [text, open]);

  const add = (raw: string) => {
    const tag = raw.trim().replace(/^#/, '');
    if (!tag || value.includes(tag) || value.length >= MAX_TAGS) return;
    onChange([...value, tag]);
    setText('');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'Enter' || e.key === ',' || e.key === '、') && !e.nativeEvent.isComposing) {
      e.preventDefault();
      add(text);
    } else if (e.key === 'Backspace' && !text && value.length) {
      onChange(value.slice(0, -1));
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };
  const shown = suggestions.filter((s) => !value.includes(s)).slice(0, 8);

  return (
    <div className={`adm-field${error ? ' has-error' : ''}`}>
      <label className="adm-field__label" htmlFor={id}>
        {t('couponForm.fields.tags')}
      </label>
      <div className="adm-tags">
        {value.map((tag) => (
          <span key={tag} className="adm-chip adm-chip--tag">
            #{tag}
            <button
              type="button"
              className="adm-chip__remove"
              onClick={() => onChange(value.filter((v) => v !== tag))}
              aria-label={t('couponForm.remove', { name: tag })}
            >
              <Icon name="close" size={12} />
            </button>
          </span>
        ))}
        <input
          id={id}
          name="tags"
          className="adm-tags__input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            // Let a click on a suggestion land first.
            setTimeout(() => setOpen(false), 150);
            if (text.trim()) add(text);
          }}
          placeholder={value.length < MAX_TAGS ? t('couponForm.tagsPlaceholder') : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
        />
      </div>
      {open && shown.length > 0 && (
        <ul className="adm-suggest" aria-label={t('couponForm.tagsSuggested')}>
          {shown.map((s) => (
            <li key={s}>
              <button
                type="button"
                className="adm-suggest__item"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => add(s)}
              >
                #{s}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="adm-field__hint" id={`${id}-hint`}>
        {t('couponForm.tagsHint', { max: MAX_TAGS })}
      </p>
      {error && <p className="adm-field__error">{error}</p>}
    </div>
  );
}
