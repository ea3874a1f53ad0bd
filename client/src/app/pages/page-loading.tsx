import { Delayed } from '../../components/delayed';
import { Spinner } from '../../components/spinner';
import { useT } from '../../lib/i18n';

/** Shown while a screen's chunk or the language's messages load (after 200 ms: spec 9). */
export function PageLoading() {
  const t = useT();
  return (
    <Delayed className="page-loading" role="status" aria-live="polite">
      <Spinner />
      <span className="visually-hidden">{t('common.loading')}</span>
    </Delayed>
  );
}
