import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { AddressItem, TagItem } from '@contracts/coupon-search';
import { messageOf } from '../../../lib/errors';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useLocationWatchStore } from '../../../lib/location-watch';
import { useOfflineStore } from '../../../lib/offline-status';
import { paths, withLocale } from '../../../lib/paths';
import { loadSearchMessages, useSearchT } from '../../../lib/search-messages';
import {
  AREAS,
  countCoupons,
  fetchAddressItems,
  fetchTagItems,
  filtersOf,
  NO_FILTERS,
  PURPOSES,
  queryOf,
  type CouponCount,
  type SearchFilters,
} from '../api/search.api';
import '../search.css';

/** The screen once its messages are loaded (the route table's loader). */
export const loadCouponSearchScreen = () => loadSearchMessages().then(() => CouponSearchPage);

/** Milliseconds of quiet after a change before the counts are asked for. */
const COUNT_DELAY_MS = 300;

type Counts = { count: CouponCount; tags: TagItem[]; addresses: AddressItem[] };

/**
 * `/coupon/search_window/` (spec 2, issue 15): search by area (six), purpose (seven), genre,
 * shop name, tags, municipality and keyword. Every choice shows how many coupons it would
 * leave (POST /coupons/search/coupon/count, tag and address counts) before the visitor
 * commits; "show N coupons" opens the two-column list with the filters in its URL. Starts
 * from the filters of its own URL (the list's "change search" passes them). Offline it says
 * that search needs the network and points to the saved list.
 */
export function CouponSearchPage() {
  const t = useT();
  const s = useSearchT();
  const locale = useLocale();
  const navigate = useNavigate();
  const online = useOfflineStore((o) => o.online);
  const setSearchTag = useLocationWatchStore((w) => w.setCouponListSearchTag);
  const { search } = useLocation();
  const [f, setF] = useState<SearchFilters>(() => filtersOf(search));
  const [tagPrefix, setTagPrefix] = useState('');
  const [counts, setCounts] = useState<Counts | null>(null);
  const [counting, setCounting] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const num = (n: number) => formatNumber(n, locale);

  useEffect(() => {
    if (!online) return;
    const abort = new AbortController();
    setCounting(true);
    const timer = setTimeout(() => {
      Promise.all([
        countCoupons(f, abort.signal),
        fetchTagItems(f, tagPrefix, abort.signal),
        fetchAddressItems(f, abort.signal),
      ]).then(
        ([count, tags, addresses]) => {
          setCounts({ count, tags, addresses });
          setError(null);
          setCounting(false);
        },
        (err: unknown) => {
          if (abort.signal.aborted) return;
          setError(messageOf(err));
          setCounting(false);
        },
      );
    }, COUNT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [f, tagPrefix, online, locale]);

  const set = (patch: Partial<SearchFilters>) => setF((old) => ({ ...old, ...patch }));
  const toggleTag = (tag: string) =>
    set({ tag: f.tag.includes(tag) ? f.tag.filter((x) => x !== tag) : [...f.tag, tag] });
  const total = counts?.count.total ?? null;

  function show(e: FormEvent) {
    e.preventDefault();
    const qs = queryOf(f);
    setSearchTag([...new URLSearchParams(qs)].map(([k, v]) => `${k}=${v}`));
    navigate(withLocale(locale, paths.couponList()) + (qs && `?${qs}`));
  }

  const countOf = <T extends string>(list: Array<{ value: T; count: number }> | undefined, value: T) =>
    list?.find((x) => x.value === value)?.count;
  // Tags chosen stay on screen even when the prefix or other filters hide their suggestion.
  const tagList = [
    ...f.tag.map((tag) => counts?.tags.find((x) => x.tag === tag) ?? { tag, count: undefined }),
    ...(counts?.tags ?? []).filter((x) => !f.tag.includes(x.tag)),
  ];
  const addresses = counts?.addresses ?? [];

  return (
    <section className="page search" aria-labelledby="search-title">
      <header className="page-head">
        <h1 id="search-title" className="page-head__title">
          {t('pages.couponSearch')}
        </h1>
        <p className="page-head__lead">{s('lead')}</p>
      </header>

      {!online && (
        <div className="alert alert--info search-offline" role="status">
          <p>{s('offline')}</p>
          <Link className="btn btn--outline" to={withLocale(locale, paths.couponList())}>
            {s('toList')}
          </Link>
        </div>
      )}

      <form className="search-form" onSubmit={show} role="search">
        <div className="search-bar">
          <button type="button" className="btn btn--ghost" onClick={() => setF(NO_FILTERS)}>
            {s('clear')}
          </button>
          <button
            type="submit"
            className="btn btn--primary btn--lg search-bar__show"
            disabled={!online || total === 0}
            data-testid="search-show"
          >
            {!online
              ? s('offlineButton')
              : total === null
                ? s('counting')
                : total === 0
                  ? s('none')
                  : s('show', { count: num(total) })}
          </button>
          <span className="visually-hidden" role="status" aria-live="polite">
            {online && (counting || total === null)
              ? s('counting')
              : total === 0
                ? s('none')
                : total !== null && s('show', { count: num(total) })}
          </span>
        </div>
        <div className="search-field">
          <label className="search-field__label" htmlFor={`${ids}-keyword`}>
            {s('keyword')}
          </label>
          <input
            id={`${ids}-keyword`}
            className="search-input"
            type="search"
            enterKeyHint="search"
            maxLength={100}
            value={f.keyword}
            aria-describedby={`${ids}-keyword-hint`}
            onChange={(e) => set({ keyword: e.target.value })}
          />
          <p id={`${ids}-keyword-hint`} className="search-field__hint">
            {s('keywordHint')}
          </p>
        </div>

        <Group legend={s('area')}>
          {AREAS.map((a) => (
            <Choice
              key={a}
              label={t(`areas.${a}`)}
              count={countOf(counts?.count.areas, a)}
              pressed={f.area === a}
              onToggle={() => set({ area: f.area === a ? undefined : a })}
              format={num}
            />
          ))}
        </Group>

        <Group legend={s('purpose')}>
          {PURPOSES.map((p) => (
            <Choice
              key={p}
              label={t(`purposes.${p}`)}
              count={countOf(counts?.count.purposes, p)}
              pressed={f.purpose === p}
              onToggle={() => set({ purpose: f.purpose === p ? undefined : p })}
              format={num}
            />
          ))}
        </Group>

        {(counts?.count.genres.length ?? 0) > 0 || f.genre ? (
          <Group legend={s('genre')}>
            {[
              ...(f.genre && !counts?.count.genres.some((g) => g.value === f.genre)
                ? [{ value: f.genre, count: 0 }]
                : []),
              ...(counts?.count.genres ?? []),
            ].map((g) => (
              <Choice
                key={g.value}
                label={g.value}
                count={g.count}
                pressed={f.genre === g.value}
                onToggle={() => set({ genre: f.genre === g.value ? undefined : g.value })}
                format={num}
              />
            ))}
          </Group>
        ) : null}

        <div className="search-field">
          <label className="search-field__label" htmlFor={`${ids}-shop`}>
            {s('shop')}
          </label>
          <input
            id={`${ids}-shop`}
            className="search-input"
            type="search"
            maxLength={100}
            value={f.shop}
            aria-describedby={`${ids}-shop-hint`}
            onChange={(e) => set({ shop: e.target.value })}
          />
          <p id={`${ids}-shop-hint`} className="search-field__hint">
            {s('shopHint')}
          </p>
        </div>

        <Group legend={s('tags')}>
          <label className="visually-hidden" htmlFor={`${ids}-tag`}>
            {s('tagFilter')}
          </label>
          <input
            id={`${ids}-tag`}
            className="search-input search-input--tag"
            type="search"
            maxLength={100}
            placeholder={s('tagFilter')}
            value={tagPrefix}
            onChange={(e) => setTagPrefix(e.target.value)}
          />
          {tagList.map((x) => (
            <Choice
              key={x.tag}
              label={`#${x.tag}`}
              count={x.count}
              pressed={f.tag.includes(x.tag)}
              onToggle={() => toggleTag(x.tag)}
              format={num}
            />
          ))}
          {counts && tagList.length === 0 && <p className="search-field__hint">{s('noTags')}</p>}
        </Group>

        <div className="search-field">
          <label className="search-field__label" htmlFor={`${ids}-address`}>
            {s('address')}
          </label>
          <select
            id={`${ids}-address`}
            className="search-input"
            value={f.address ?? ''}
            onChange={(e) => set({ address: e.target.value || undefined })}
          >
            <option value="">{s('anyAddress')}</option>
            {f.address && !addresses.some((a) => a.municipality === f.address) && (
              <option value={f.address}>{s('addressOption', { name: f.address, count: num(0) })}</option>
            )}
            {addresses.map((a) => (
              <option key={a.municipality} value={a.municipality}>
                {s('addressOption', { name: a.municipality, count: num(a.count) })}
              </option>
            ))}
          </select>
        </div>

        {error && online && (
          <div className="alert alert--error" role="alert">
            <p>{s('countError')}</p>
            <p className="search-field__hint">{error}</p>
          </div>
        )}
      </form>
    </section>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="search-group">
      <legend className="search-field__label">{legend}</legend>
      <div className="search-options">{children}</div>
    </fieldset>
  );
}

/** A toggle choice with the number of coupons it would leave (unknown while counting). */
function Choice(props: {
  label: string;
  count: number | undefined;
  pressed: boolean;
  onToggle: () => void;
  format: (n: number) => string;
}) {
  const s = useSearchT();
  return (
    <button
      type="button"
      className="search-choice"
      aria-pressed={props.pressed}
      onClick={props.onToggle}
      data-count={props.count}
    >
      <span>{props.label}</span>
      {props.count !== undefined && (
        <span className="search-choice__count">{s('count', { count: props.format(props.count) })}</span>
      )}
    </button>
  );
}
