import { Link } from 'react-router-dom';
import { useAdminT } from '../lib/i18n';

/**
 * The sticky bar at the foot of an admin form: what is happening (saving, unsaved changes, or
 * the form's own `state`; read out politely), back to the list, and the submit button, which
 * says create for a new record and save for a stored one and is disabled while saving.
 */
export function SaveBar({
  saving,
  stored,
  listHref,
  dirty = false,
  state,
}: {
  saving: boolean;
  stored: boolean;
  listHref: string;
  dirty?: boolean;
  state?: string;
}) {
  const t = useAdminT();
  return (
    <div className="adm-savebar">
      <span className="adm-savebar__state" aria-live="polite">
        {state ?? (saving ? t('couponForm.saving') : dirty ? t('couponForm.unsaved') : '')}
      </span>
      <Link className="adm-btn adm-btn--ghost" to={listHref}>
        {t('couponForm.backToList')}
      </Link>
      <button type="submit" className="adm-btn adm-btn--primary adm-btn--lg" disabled={saving}>
        {saving && <span className="adm-spinner adm-spinner--sm" aria-hidden="true" />}
        {saving ? t('couponForm.saving') : stored ? t('couponForm.save') : t('couponForm.create')}
      </button>
    </div>
  );
}
