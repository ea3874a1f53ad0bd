import { useEffect } from 'react';
import { useT } from '../lib/i18n';

/** `<title>` follows the page and the language: "FAQ｜くまもと旅パスポート", or the name alone. */
export function useDocumentTitle(page: string | null): void {
  const t = useT();
  useEffect(() => {
    document.title = page ? t('app.documentTitle', { page }) : t('app.title');
  }, [page, t]);
}
