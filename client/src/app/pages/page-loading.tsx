import { Spinner } from '../../components/spinner';
import { useT } from '../../lib/i18n';

/** Shown while a screen's chunk or the language's messages load. */
export function PageLoading() {
  const t = useT();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <Spinner />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
