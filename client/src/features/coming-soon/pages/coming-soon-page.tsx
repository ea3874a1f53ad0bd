import { Link } from 'react-router-dom';
import { useContentT, useT, type ContentKey, type MessageKey } from '../../../lib/i18n';
import { paths, useLocalePath, type PageId } from '../../../lib/paths';
import '../coming-soon.css';

/** What each page a later issue builds will offer. */
const TEXTS: Partial<Record<PageId, ContentKey>> = {
  payment: 'soon.text.payment',
  point: 'soon.text.point',
  couponQuestion: 'soon.text.couponQuestion',
  pointsPayment: 'soon.text.pointsPayment',
  paymentThanks: 'soon.text.paymentThanks',
  prizeQuestion: 'soon.text.prizeQuestion',
};

/**
 * A page of spec 2 whose screen comes in a later issue: its name, what it will do, and
 * the ways onward. It exists (HTTP 200, in every language); it is never a 404.
 */
export function ComingSoonPage({ pageId }: { pageId: PageId }) {
  const t = useT();
  const c = useContentT();
  const to = useLocalePath();
  const text = TEXTS[pageId];
  return (
    <section className="page soon" aria-labelledby="soon-title" data-testid="coming-soon">
      <div className="soon__card">
        <svg className="soon__art" viewBox="0 0 96 96" width="96" height="96" aria-hidden="true">
          <circle cx="48" cy="48" r="46" fill="var(--gold-soft)" />
          <circle cx="48" cy="48" r="27" fill="#fff" stroke="var(--gold)" strokeWidth="3.5" />
          <circle cx="48" cy="48" r="20" fill="none" stroke="var(--gold)" strokeWidth="2" strokeDasharray="3 4" />
          <path
            d="M48 36v13l8 5"
            fill="none"
            stroke="var(--gold-strong)"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className="soon__badge">{c('soon.badge')}</p>
        <h1 id="soon-title" className="soon__title">
          {t(`pages.${pageId}` as MessageKey)}
        </h1>
        {text && <p className="soon__text">{c(text)}</p>}
        <p className="soon__lead">{c('soon.lead')}</p>
      </div>
      <p className="soon__meanwhile">{c('soon.meanwhile')}</p>
      <div className="soon__actions">
        <Link className="btn btn--primary btn--lg btn--block" to={to(paths.couponList())}>
          {c('soon.coupons')}
        </Link>
        <Link className="btn btn--outline btn--lg btn--block" to={to(paths.home())}>
          {c('soon.home')}
        </Link>
      </div>
    </section>
  );
}
