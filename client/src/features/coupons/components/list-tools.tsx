import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useLocale, useT, type MessageKey } from '../../../lib/i18n';
import { useLocationWatchStore } from '../../../lib/location-watch';
import { useOfflineStore } from '../../../lib/offline-status';
import { PAGE_PATTERNS, paths, withLocale } from '../../../lib/paths';
import { useSearchT } from '../../../lib/search-messages';
import '../list-tools.css';

/** The list filters of GET /coupons/list/search a list URL may carry, in the order chips show them. */
const FILTER_KEYS = ['area', 'purpose', 'genre', 'tag', 'address', 'shop', 'keyword'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * Above the coupon list (issue 15): the way into the search screen (carrying the current
 * filters, so it opens with them chosen), the favourites and the ranking, and for a filtered list a chip per filter, each a
 * one-tap way to take it off, and "clear all". It keeps spec 3's `couponListSearchTag` (the
 * client's search state) equal to the filters shown: `key=value` items, in URL order.
 * `filters` is the list URL's query (`?area=aso&tag=温泉`).
 */
export default function ListTools({ filters }: { filters: string }) {
  const t = useT();
  const s = useSearchT();
  const locale = useLocale();
  const navigate = useNavigate();
  const online = useOfflineStore((o) => o.online);
  const setSearchTag = useLocationWatchStore((w) => w.setCouponListSearchTag);
  const pairs = [...new URLSearchParams(filters)]
    .filter((p): p is [FilterKey, string] => (FILTER_KEYS as readonly string[]).includes(p[0]) && !!p[1].trim())
    .sort((a, b) => FILTER_KEYS.indexOf(a[0]) - FILTER_KEYS.indexOf(b[0]));
  const query = new URLSearchParams(pairs).toString();

  useEffect(() => {
    setSearchTag([...new URLSearchParams(query)].map(([k, v]) => `${k}=${v}`));
    return () => setSearchTag([]);
  }, [query, setSearchTag]);

  const label = ([k, v]: [FilterKey, string]) =>
    k === 'area' || k === 'purpose'
      ? t(`${k === 'area' ? 'areas' : 'purposes'}.${v}` as MessageKey)
      : s(`chips.${k}`, { value: v });
  const go = (rest: Array<[string, string]>) => {
    const qs = new URLSearchParams(rest).toString();
    navigate(withLocale(locale, paths.couponList()) + (qs && `?${qs}`));
  };

  return (
    <>
      <nav className="list-links" aria-label={s('links.label')}>
        <Link
          className="list-links__item list-tools__search"
          to={withLocale(locale, PAGE_PATTERNS.couponSearch) + (query && `?${query}`)}
        >
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M12.5 12.5 17 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {s('open')}
        </Link>
        <Link className="list-links__item" to={withLocale(locale, paths.favorites())}>
          {s('links.favorites')}
        </Link>
        <Link className="list-links__item" to={withLocale(locale, paths.ranking())}>
          {s('links.ranking')}
        </Link>
      </nav>
      {pairs.length > 0 && (
        <div className="filter-chips" data-testid="filter-chips">
          <ul className="filter-chips__list" aria-label={s('chips.label')}>
            {pairs.map((p, i) => (
              <li key={`${p[0]}=${p[1]}`}>
                <button
                  type="button"
                  className="filter-chip"
                  aria-label={s('chips.remove', { label: label(p) })}
                  onClick={() => go(pairs.filter((_, j) => j !== i))}
                >
                  <span>{label(p)}</span>
                  <span className="filter-chip__x" aria-hidden="true">
                    ×
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {pairs.length > 1 && (
            <button type="button" className="btn btn--ghost filter-chips__clear" onClick={() => go([])}>
              {s('chips.clearAll')}
            </button>
          )}
          {!online && (
            <p className="filter-chips__offline" role="status">
              {s('chips.offline')}
            </p>
          )}
        </div>
      )}
    </>
  );
}
