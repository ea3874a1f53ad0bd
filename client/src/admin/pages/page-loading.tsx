import { useAdminT } from '../lib/i18n';

/** While a screen's chunk or the session check loads. */
export function PageLoading({ label }: { label?: string }) {
  const t = useAdminT();
  return (
    <div className="adm-loading" role="status" aria-live="polite">
      <span className="adm-spinner" aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
