import { useAdminT } from '../lib/i18n';

/** Page numbers to offer: the first, the last, and two either side of the current one. */
function pageList(page: number, pages: number): Array<number | null> {
  const out: Array<number | null> = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

/** The admin lists' pager: previous, the page numbers (first, last, two either side of the current), next. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  const t = useAdminT();
  if (pages <= 1) return null;
  return (
    <nav className="adm-pager" aria-label={t('couponList.pagination')}>
      <button
        type="button"
        className="adm-btn adm-btn--ghost adm-btn--sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('couponList.prev')}
      </button>
      <ol className="adm-pager__pages">
        {pageList(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap${i}`} className="adm-pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={`adm-pager__page${p === page ? ' is-current' : ''}`}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('couponList.page', { page: p })}
                onClick={() => onPage(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
      </ol>
      <button
        type="button"
        className="adm-btn adm-btn--ghost adm-btn--sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('couponList.next')}
      </button>
    </nav>
  );
}
