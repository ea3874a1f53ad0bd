import { useT } from '../lib/i18n';

/**
 * Spec 8: a screen's code failed to load again within a minute of the guarded reload
 * (lib/lazy-retry). A plain link reloads the page: the visitor decides, so there is no loop.
 */
export function ChunkErrorPage() {
  const t = useT();
  return (
    <section className="page">
      <div className="empty chunk-error" role="alert" data-testid="chunk-error">
        <h1 className="page-head__title">{t('pwa.chunkErrorTitle')}</h1>
        <p>{t('pwa.chunkErrorBody')}</p>
        <a className="btn btn--primary btn--lg" href={typeof location === 'undefined' ? '/' : location.href}>
          {t('pwa.reload')}
        </a>
      </div>
    </section>
  );
}
