import { useId } from 'react';
import { AREAS, PURPOSES, type Area, type Purpose } from '@contracts/common';
import { useAdminT } from '../lib/i18n';

/**
 * The area and purpose filters of the admin lists (coupons, spots, ranking): two labelled
 * selects, each with "any" ('') first. A choice is reported at once (lists search on change).
 */
export function CategoryFilters({
  area,
  purpose,
  onArea,
  onPurpose,
}: {
  area: Area | '';
  purpose: Purpose | '';
  onArea: (area: Area | '') => void;
  onPurpose: (purpose: Purpose | '') => void;
}) {
  const t = useAdminT();
  const ids = { area: useId(), purpose: useId() };
  return (
    <>
      <div className="adm-field">
        <label className="adm-field__label" htmlFor={ids.area}>
          {t('couponList.area')}
        </label>
        <select id={ids.area} className="adm-select" value={area} onChange={(e) => onArea(e.target.value as Area | '')}>
          <option value="">{t('couponList.any')}</option>
          {AREAS.map((a) => (
            <option key={a} value={a}>
              {t(`areas.${a}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="adm-field">
        <label className="adm-field__label" htmlFor={ids.purpose}>
          {t('couponList.purpose')}
        </label>
        <select
          id={ids.purpose}
          className="adm-select"
          value={purpose}
          onChange={(e) => onPurpose(e.target.value as Purpose | '')}
        >
          <option value="">{t('couponList.any')}</option>
          {PURPOSES.map((p) => (
            <option key={p} value={p}>
              {t(`purposes.${p}`)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
