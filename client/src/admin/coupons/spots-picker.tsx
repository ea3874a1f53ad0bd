import { useEffect, useId, useState } from 'react';
import { Icon } from '../layout/icons';
import { useAdminT } from '../lib/i18n';
import { useLoad } from '../lib/use-load';
import type { SpotRef } from './admin-coupon-form-model';
import { pickSpots } from './coupons.api';

/**
 * The spots where the coupon is usable: chosen ones as chips, a search over the spots this
 * staff member may use (/api/spots/list; shop staff see only theirs) to add more.
 */
export function SpotsPicker({
  value,
  error,
  onChange,
}: {
  value: SpotRef[];
  error?: string;
  onChange: (spots: SpotRef[]) => void;
}) {
  const t = useAdminT();
  const id = useId();
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(q.trim()), 250);
    return () => clearTimeout(timer);
  }, [q]);
  const found = useLoad((signal) => pickSpots(query, signal), [query]);
  const chosen = new Set(value.map((s) => s.id));
  const toggle = (s: SpotRef) => onChange(chosen.has(s.id) ? value.filter((v) => v.id !== s.id) : [...value, s]);

  return (
    <section className={`adm-card adm-section${error ? ' has-error' : ''}`} aria-labelledby={`${id}-h`}>
      <h2 className="adm-section__title" id={`${id}-h`}>
        {t('couponForm.spots')}
        <span className="adm-required">{t('couponForm.required')}</span>
      </h2>
      <ul className="adm-chips" aria-label={t('couponForm.spotsChosen')} data-testid="chosen-spots">
        {value.length === 0 && <li className="adm-chips__empty">{t('couponForm.spotsNone')}</li>}
        {value.map((s) => (
          <li key={s.id} className="adm-chip">
            <Icon name="pin" size={14} />
            <span>{s.name}</span>
            <button
              type="button"
              className="adm-chip__remove"
              onClick={() => toggle(s)}
              aria-label={t('couponForm.remove', { name: s.name })}
            >
              <Icon name="close" size={14} />
            </button>
          </li>
        ))}
      </ul>
      <div className="adm-input-icon">
        <Icon name="search" size={18} />
        <input
          id={`${id}-q`}
          name="spotSearch"
          className="adm-input"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('couponForm.spotsSearch')}
          aria-label={t('couponForm.spotsSearch')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          data-field="spotIds"
        />
      </div>
      {error && (
        <p className="adm-field__error" id={`${id}-err`}>
          {error}
        </p>
      )}
      <div className="adm-picklist" aria-busy={found.status === 'loading'}>
        {found.status === 'error' ? (
          <p className="adm-field__error">{found.error.message}</p>
        ) : (
          <ul>
            {(found.data?.data ?? []).map((s) => (
              <li key={s.id}>
                <label className={`adm-pick${chosen.has(s.id) ? ' is-chosen' : ''}`}>
                  <input
                    type="checkbox"
                    checked={chosen.has(s.id)}
                    onChange={() => toggle({ id: s.id, name: s.name, storeCode: s.storeCode })}
                  />
                  <span className="adm-pick__name">{s.name}</span>
                  <span className="adm-pick__code">{s.storeCode}</span>
                </label>
              </li>
            ))}
            {found.status === 'ready' && found.data.data.length === 0 && (
              <li className="adm-picklist__empty">{t('couponForm.spotsNotFound')}</li>
            )}
          </ul>
        )}
        {found.data && found.data.meta.total > found.data.data.length && (
          <p className="adm-picklist__more">
            {t('couponForm.spotsMore', { shown: found.data.data.length, total: found.data.meta.total })}
          </p>
        )}
      </div>
    </section>
  );
}
