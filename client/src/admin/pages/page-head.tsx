import { useEffect, type ReactNode } from 'react';
import { useAdminT } from '../lib/i18n';

/** Names the browser tab after the page: 「クーポン一覧｜くまモンの旅するパスポート 管理画面」. */
export function useDocumentTitle(title: string): void {
  const t = useAdminT();
  useEffect(() => {
    document.title = t('app.documentTitle', { page: title });
  }, [t, title]);
}

/** A page's heading; it also names the browser tab. */
export function PageHead({ title, lead, actions }: { title: string; lead?: ReactNode; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="adm-page-head">
      <div>
        <h1 className="adm-page-head__title">{title}</h1>
        {lead && <p className="adm-page-head__lead">{lead}</p>}
      </div>
      {actions && <div className="adm-page-head__actions">{actions}</div>}
    </div>
  );
}
