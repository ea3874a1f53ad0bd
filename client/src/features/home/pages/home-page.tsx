import { Link } from 'react-router-dom';
import { formatMonthDay, RALLY_PERIOD, STAMP_VALUES } from '../../../components/product-rules';
import { Prose } from '../../../components/prose';
import { StampSeal } from '../../../components/stamp-seal';
import { formatNumber } from '../../../lib/format';
import { useContentT, useLocale, useT } from '../../../lib/i18n';
import { paths, useLocalePath } from '../../../lib/paths';
import '../home.css';

/**
 * `/`: what the passport is, and how coupons and stamps work (spec 2). Only what a visitor can
 * do today: points, prizes and the share campaign join these texts when they are built.
 */
export function HomePage() {
  const t = useT();
  const c = useContentT();
  const locale = useLocale();
  const to = useLocalePath();
  const n = (v: number) => formatNumber(v, locale);
  const steps = [
    { title: c('home.step1Title'), body: c('home.step1Body') },
    { title: c('home.step2Title'), body: c('home.step2Body') },
    { title: c('home.step3Title'), body: c('home.step3Body') },
  ];
  return (
    <section className="page home">
      <div className="hero">
        <p className="hero__eyebrow">{c('home.eyebrow')}</p>
        <h1 className="hero__title">{t('app.title')}</h1>
        <p className="hero__lead">{c('home.lead')}</p>
        <div className="hero__actions">
          <Link className="btn btn--primary btn--xl btn--block" to={to(paths.couponList())}>
            {c('home.ctaCoupons')}
          </Link>
          <Link className="btn btn--light btn--lg btn--block" to={to(paths.stamps())}>
            {c('home.ctaStamps')}
          </Link>
        </div>
      </div>

      <section className="home-block" aria-labelledby="home-what">
        <h2 id="home-what" className="section-title">
          {c('home.whatTitle')}
        </h2>
        <div className="home-card">
          <Prose text={c('home.whatBody')} />
        </div>
      </section>

      <section className="home-block" aria-labelledby="home-how">
        <h2 id="home-how" className="section-title">
          {c('home.howTo')}
        </h2>
        <ol className="steps">
          {steps.map((s, i) => (
            <li key={s.title} className="step">
              <span className="step__num" aria-hidden="true">
                {n(i + 1)}
              </span>
              <div>
                <p className="step__title">{s.title}</p>
                <p className="step__body">{s.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="home-block" aria-labelledby="home-stamps">
        <h2 id="home-stamps" className="section-title">
          {c('home.stampsTitle')}
        </h2>
        <div className="home-card">
          <p className="home-card__text">{c('home.stampsBody')}</p>
          <ul className="stamp-kinds">
            <li className="stamp-kind">
              <StampSeal kind="red" size="sm">
                <span className="seal__value">{n(STAMP_VALUES.red)}</span>
              </StampSeal>
              <div>
                <p className="stamp-kind__name">{c('home.redName')}</p>
                <p className="stamp-kind__note">{c('home.redNote')}</p>
                <p className="stamp-kind__note">{c('home.stampCount', { value: n(STAMP_VALUES.red) })}</p>
              </div>
            </li>
            <li className="stamp-kind">
              <StampSeal kind="gold" size="sm">
                <span className="seal__value">{n(STAMP_VALUES.gold)}</span>
              </StampSeal>
              <div>
                <p className="stamp-kind__name">{c('home.goldName')}</p>
                <p className="stamp-kind__note">{c('home.goldNote')}</p>
                <p className="stamp-kind__note">{c('home.stampCount', { value: n(STAMP_VALUES.gold) })}</p>
              </div>
            </li>
          </ul>
          <p className="home-period" data-testid="rally-period">
            {c('home.stampsPeriod', {
              from: formatMonthDay(RALLY_PERIOD.from, locale),
              to: formatMonthDay(RALLY_PERIOD.to, locale),
            })}
          </p>
        </div>
      </section>

      <section className="home-block" aria-labelledby="home-help">
        <h2 id="home-help" className="section-title">
          {c('home.helpTitle')}
        </h2>
        <div className="home-help">
          <Link className="btn btn--outline btn--lg" to={to(paths.faq())}>
            {c('home.helpFaq')}
          </Link>
          <Link className="btn btn--outline btn--lg" to={to(paths.contact())}>
            {c('home.helpContact')}
          </Link>
        </div>
      </section>
    </section>
  );
}
