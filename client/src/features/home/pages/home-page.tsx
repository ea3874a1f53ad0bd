import { Link } from 'react-router-dom';
import { paths, useLocalePath } from '../../../lib/paths';
import '../home.css';
import { useT } from '../../../lib/i18n';

/** `/`: what the passport is and the way to the coupons (issue 4 fills the full page). */
export function HomePage() {
  const t = useT();
  const to = useLocalePath();
  const steps = [
    { title: t('home.step1Title'), body: t('home.step1Body') },
    { title: t('home.step2Title'), body: t('home.step2Body') },
    { title: t('home.step3Title'), body: t('home.step3Body') },
  ];
  return (
    <section className="page home">
      <div className="hero">
        <p className="hero__eyebrow">{t('home.eyebrow')}</p>
        <h1 className="hero__title">{t('app.title')}</h1>
        <p className="hero__lead">{t('home.lead')}</p>
        <div className="hero__actions">
          <Link className="btn btn--primary btn--xl btn--block" to={to(paths.couponList())}>
            {t('home.ctaCoupons')}
          </Link>
          <Link className="btn btn--light btn--lg btn--block" to={to(paths.stamps())}>
            {t('home.ctaStamps')}
          </Link>
        </div>
      </div>
      <h2 className="section-title">{t('home.howTo')}</h2>
      <ol className="steps">
        {steps.map((s, i) => (
          <li key={s.title} className="step">
            <span className="step__num" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <p className="step__title">{s.title}</p>
              <p className="step__body">{s.body}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
