import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { LOCALES, type Locale } from '@contracts/common';
import { formatJstDate } from '../../lib/format';
import { PurposeIcon } from '../../components/purpose-icon';
import type publicJa from '../../../../locales/ja.json';
import { Icon } from '../layout/icons';
import { useAdminT } from '../lib/i18n';
import { adminPaths } from '../lib/paths';
import { useLoad } from '../lib/use-load';
import { PageHead } from '../pages/page-head';
import { PageLoading } from '../pages/page-loading';
import { readCouponDraft } from './coupon-draft';
import { fromCoupon, type CouponFormValue } from './admin-coupon-form-model';
import { getCoupon, getSpot, type AdminCoupon, type CouponImage, type SpotAdmin } from './coupons.api';
import { StatusBadge } from './status-badge';
import '../../components/coupons.css';
import './coupons.css';

/** The visitors' messages (locales/<lang>.json): the preview uses exactly what visitors read. */
type PublicMessages = typeof publicJa;
const PUBLIC: Record<Locale, () => Promise<{ default: unknown }>> = {
  ja: () => import('../../../../locales/ja.json'),
  en: () => import('../../../../locales/en.json'),
  ko: () => import('../../../../locales/ko.json'),
  'zh-cn': () => import('../../../../locales/zh-cn.json'),
  'zh-tw': () => import('../../../../locales/zh-tw.json'),
};
type Tree = { [k: string]: string | Tree };
type Pt = (key: string, values?: Record<string, string | number>) => string;

function translator(messages: Tree, fallback: Tree): Pt {
  const find = (tree: Tree, key: string) => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  return (key, values) => {
    const text = find(messages, key) ?? find(fallback, key) ?? key;
    return values ? text.replace(/{{\s*(\w+)\s*}}/g, (m, n: string) => (n in values ? String(values[n]) : m)) : text;
  };
}

/** The visitors' messages of one language, with ja behind them (as the public app falls back). */
async function loadPublic(locale: Locale): Promise<{ locale: Locale; pt: Pt }> {
  const [mine, ja] = await Promise.all([PUBLIC[locale](), PUBLIC.ja()]);
  return { locale, pt: translator(mine.default as Tree, ja.default as Tree) };
}
// Keys the preview reads, checked against the visitors' ja messages at compile time.
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
const k = (key: Leaves<PublicMessages>): string => key;

type Source = { value: CouponFormValue; images: CouponImage[]; coupon: AdminCoupon | null; draft: boolean };

/**
 * `coupon/{id?}/view/` (issue 6): the coupon as a visitor sees it on a phone, in each of the
 * five languages, with the visitors' own styles and messages. `?draft=1` shows the form's
 * unsaved edits (kept in this browser); without an id, the new coupon being written.
 */
export function CouponPreviewPage() {
  const t = useAdminT();
  const params = useParams();
  const id = params.id === undefined ? undefined : Number(params.id);
  const wantsDraft = new URLSearchParams(useLocation().search).get('draft') === '1';
  const [lang, setLang] = useState<Locale>('ja');

  const source = useLoad<Source | null>(
    async (signal) => {
      const coupon = id === undefined ? null : await getCoupon(id, signal);
      const kept = wantsDraft
        ? readCouponDraft<{ value: CouponFormValue }>(id === undefined ? 'new' : String(id))
        : null;
      const value = kept?.value ?? (coupon ? fromCoupon(coupon) : null);
      return value ? { value, images: coupon?.images ?? [], coupon, draft: Boolean(kept) } : null;
    },
    [id, wantsDraft],
  );
  const spotIds = source.data?.value.spots.map((s) => s.id).slice(0, 20) ?? [];
  const spots = useLoad((signal) => Promise.all(spotIds.map((s) => getSpot(s, signal))), [spotIds.join(',')]);
  const pt = useLoad(() => loadPublic(lang), [lang]);

  const back = id === undefined ? adminPaths.couponNew() : adminPaths.coupon(id);
  const head = (
    <PageHead
      title={t('pages.couponView')}
      lead={t('couponPreview.lead')}
      actions={
        <Link className="adm-btn adm-btn--ghost" to={back}>
          <Icon name="arrowLeft" size={18} />
          {t('couponPreview.backToEdit')}
        </Link>
      }
    />
  );

  if (source.status === 'loading' && !source.data) return <PageLoading />;
  if (source.status === 'error')
    return (
      <div className="adm-page">
        {head}
        <div className="adm-alert adm-alert--error" role="alert">
          <Icon name="alert" size={20} />
          <span>{source.error.message}</span>
        </div>
      </div>
    );
  const src = source.data;
  if (!src)
    return (
      <div className="adm-page">
        {head}
        <p className="adm-alert adm-alert--warn">{t('couponPreview.nothing')}</p>
      </div>
    );

  const v = src.value;
  const missing = (['title', 'discount', 'description'] as const).filter((f) => lang !== 'ja' && !v[f][lang].trim());
  const hidden = src.coupon && src.coupon.status !== 'published';

  return (
    <div className="adm-page">
      {head}
      <div className="adm-preview">
        <div className="adm-preview__stage">
          <div className="adm-tabs adm-tabs--pills" role="tablist" aria-label={t('couponPreview.language')}>
            {LOCALES.map((l) => (
              <button
                key={l}
                type="button"
                role="tab"
                aria-selected={l === lang}
                className={`adm-tab${l === lang ? ' is-active' : ''}`}
                onClick={() => setLang(l)}
              >
                <span lang={l}>{t(`lang.${l}`)}</span>
              </button>
            ))}
          </div>
          <div className="adm-phone" data-testid="coupon-preview">
            <div className="adm-phone__notch" aria-hidden="true" />
            {/* Scrolls on its own: focusable, so it scrolls from the keyboard too. */}
            <div
              className="adm-phone__screen"
              lang={pt.data?.locale ?? lang}
              role="region"
              aria-label={t('couponPreview.screen')}
              tabIndex={0}
            >
              {/* One language throughout: the texts switch once the visitors' messages have loaded. */}
              {pt.data ? (
                <VisitorView v={v} images={src.images} spots={spots.data ?? []} lang={pt.data.locale} pt={pt.data.pt} />
              ) : (
                <PageLoading />
              )}
            </div>
          </div>
        </div>
        <aside className="adm-card adm-section adm-preview__notes" aria-labelledby="preview-notes-title">
          <h2 className="adm-section__title" id="preview-notes-title">
            {t('couponPreview.notes')}
          </h2>
          {src.coupon && (
            <p className="adm-preview__state">
              <StatusBadge status={src.coupon.status} />
            </p>
          )}
          <ul className="adm-preview__list">
            {src.draft && <li>{t('couponPreview.draft')}</li>}
            {hidden && <li>{t('couponPreview.hidden')}</li>}
            {missing.length > 0 && (
              <li data-testid="preview-fallback">
                {t('couponPreview.fallback', {
                  language: t(`lang.${lang}`),
                  fields: missing.map((f) => t(`couponForm.fields.${f}`)).join('・'),
                })}
              </li>
            )}
            {!src.coupon && <li>{t('couponPreview.imagesLater')}</li>}
            <li>{t('couponPreview.static')}</li>
          </ul>
        </aside>
      </div>
    </div>
  );
}

/** The coupon detail page's markup and classes (features/coupons), filled from the form. */
function VisitorView({
  v,
  images,
  spots,
  lang,
  pt,
}: {
  v: CouponFormValue;
  images: CouponImage[];
  spots: SpotAdmin[];
  lang: Locale;
  pt: Pt;
}) {
  const text = (f: 'title' | 'discount' | 'description') => v[f][lang].trim() || v[f].ja;
  const gold = v.purpose === 'lodging';
  const firstSpot = spots[0] ?? null;
  const spotName = (s: SpotAdmin) => s.names[lang] || s.names.ja;
  const shop = firstSpot ? spotName(firstSpot) : (v.spots[0]?.name ?? '');
  const purpose = v.purpose || 'gourmet';
  const image = images[0];
  return (
    <div className="adm-visitor">
      <header className="site-header">
        <div className="site-header__inner">
          <span className="brand">
            <svg className="brand__mark" viewBox="0 0 64 64" width="30" height="30" aria-hidden="true">
              <rect width="64" height="64" rx="16" fill="currentColor" />
              <circle cx="32" cy="32" r="18" fill="none" stroke="#fff" strokeWidth="4" />
              <path
                d="M24.5 33l5.5 5.5 10-11.5"
                fill="none"
                stroke="#fff"
                strokeWidth="4.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span className="brand__name">{pt(k('app.title'))}</span>
          </span>
        </div>
      </header>
      <article className="page page--flush detail">
        <div className="detail__hero">
          <div className={`visual visual--hero tint--${purpose}`}>
            {image ? (
              <img className="visual__img" src={image.url} alt={pt(k('coupons.imageAlt'), { shop })} />
            ) : (
              <div className="visual__placeholder">
                <PurposeIcon purpose={purpose} size={56} />
                <span className="visual__label">{pt(`purposes.${purpose}`)}</span>
              </div>
            )}
            {gold && (
              <span className="gold-badge">
                <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                  <circle cx="8" cy="8" r="7" fill="#fff6d6" stroke="#9a6b00" strokeWidth="1.2" />
                  <path d="M8 4.2l1.1 2.3 2.5.3-1.8 1.7.5 2.5L8 9.8 5.7 11l.5-2.5-1.8-1.7 2.5-.3z" fill="#c48a00" />
                </svg>
                {pt(k('coupons.goldBadge'))}
              </span>
            )}
          </div>
          <span className="detail__back" aria-hidden="true">
            <svg
              viewBox="0 0 24 24"
              width="22"
              height="22"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M15 5l-7 7 7 7" />
            </svg>
          </span>
        </div>
        <div className="detail__sheet">
          <ul className="chips">
            {v.area && <li className="chip chip--area">{pt(`areas.${v.area}`)}</li>}
            <li className={`chip chip--purpose tint--${purpose}`}>
              <PurposeIcon purpose={purpose} size={14} />
              {pt(`purposes.${purpose}`)}
            </li>
            {v.genre.trim() && <li className="chip">{v.genre.trim()}</li>}
          </ul>
          <h1 className="detail__title" data-testid="preview-title">
            {text('title')}
          </h1>
          <p className="detail__shop">{shop}</p>
          <div className="ticket">
            <p className="ticket__value">{text('discount')}</p>
            <p className={`ticket__stamp ticket__stamp--${gold ? 'gold' : 'red'}`}>
              <span className="dot" aria-hidden="true" />
              {gold ? pt(k('coupons.goldNote')) : pt(k('coupons.redNote'))}
            </p>
          </div>
          {text('description') && (
            <section className="detail__section">
              <h2 className="section-title">{pt(k('coupons.description'))}</h2>
              <p className="detail__text">{text('description')}</p>
            </section>
          )}
          <dl className="facts">
            <div className="facts__row">
              <dt>{pt(k('coupons.validity'))}</dt>
              <dd>
                {v.validFrom && v.validTo
                  ? pt(k('coupons.validityRange'), {
                      from: formatJstDate(v.validFrom, lang),
                      to: formatJstDate(v.validTo, lang),
                    })
                  : '—'}
              </dd>
            </div>
          </dl>
          {v.tags.length > 0 && (
            <ul className="tags" aria-label={pt(k('coupons.tags'))}>
              {v.tags.map((tag) => (
                <li key={tag} className="tag">
                  {tag}
                </li>
              ))}
            </ul>
          )}
          {spots.length > 0 && (
            <section className="detail__section">
              <h2 className="section-title">{pt(k('coupons.spots'))}</h2>
              <ul className="spot-list">
                {spots.map((s) => (
                  <li key={s.id} className="spot">
                    <div className="spot__icon" aria-hidden="true">
                      <svg viewBox="0 0 24 24" width="22" height="22">
                        <path d="M12 22s7-6.4 7-12a7 7 0 0 0-14 0c0 5.6 7 12 7 12z" fill="currentColor" />
                        <circle cx="12" cy="10" r="2.6" fill="#fff" />
                      </svg>
                    </div>
                    <div className="spot__text">
                      <p className="spot__name">{spotName(s)}</p>
                      <p className="spot__address">{s.address}</p>
                    </div>
                    <span className="btn btn--route">
                      <svg
                        viewBox="0 0 24 24"
                        width="18"
                        height="18"
                        aria-hidden="true"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      >
                        <path d="M3 11l18-8-8 18-2-8z" />
                      </svg>
                      {pt(k('coupons.route'))}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <div className="detail__action">
          <div className="action">
            <p className="action__notice">
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                <circle cx="10" cy="10" r="9" fill="currentColor" />
                <path d="M10 5.5v5.5M10 13.8v.4" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
              <span>{pt(k('coupons.notice'))}</span>
            </p>
            <button type="button" className="btn btn--primary btn--xl btn--block" tabIndex={-1} aria-disabled="true">
              {pt(k('coupons.markUsed'))}
            </button>
          </div>
        </div>
      </article>
    </div>
  );
}
