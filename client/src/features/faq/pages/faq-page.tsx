import { Link } from 'react-router-dom';
import { useContentT, useLocale, useT } from '../../../lib/i18n';
import { paths, useLocalePath } from '../../../lib/paths';
import { useAsync } from '../../../lib/use-async';
import { fetchFaq } from '../api/faq.api';
import '../faq.css';

/** `/faq/` (spec 2): the FAQ grouped by category, each answer opened by a tap. */
export function FaqPage() {
  const t = useT();
  const c = useContentT();
  const locale = useLocale();
  const to = useLocalePath();
  const faq = useAsync((signal) => fetchFaq(signal), [locale]);
  const categories = faq.status === 'ready' ? faq.data.filter((c) => c.faqs.length > 0) : [];

  return (
    <section className="page faq" aria-labelledby="faq-title">
      <header className="page-head">
        <h1 id="faq-title" className="page-head__title">
          {c('faq.title')}
        </h1>
        <p className="page-head__lead">{c('faq.lead')}</p>
      </header>

      {faq.status === 'loading' && (
        <div role="status" aria-live="polite">
          <span className="visually-hidden">{t('common.loading')}</span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton faq-skeleton" aria-hidden="true" />
          ))}
        </div>
      )}

      {faq.status === 'error' && (
        <div className="alert alert--error" role="alert">
          <p>{faq.error.message}</p>
          <button type="button" className="btn btn--ghost" onClick={faq.reload}>
            {t('common.retry')}
          </button>
        </div>
      )}

      {faq.status === 'ready' && categories.length === 0 && (
        <div className="empty">
          <p>{c('faq.empty')}</p>
        </div>
      )}

      {categories.length > 1 && (
        <nav className="faq-cats" aria-label={c('faq.categories')}>
          {categories.map((cat) => (
            <button
              key={cat.id}
              type="button"
              className="faq-cats__chip"
              onClick={() =>
                document.getElementById(`faq-cat-${cat.id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
              }
            >
              {cat.name}
            </button>
          ))}
        </nav>
      )}

      {categories.map((cat) => (
        <section
          key={cat.id}
          id={`faq-cat-${cat.id}`}
          className="faq-cat"
          aria-labelledby={`faq-cat-title-${cat.id}`}
          data-testid="faq-category"
        >
          <h2 id={`faq-cat-title-${cat.id}`} className="section-title">
            {cat.name}
          </h2>
          <div className="faq-list">
            {cat.faqs.map((f) => (
              <details key={f.id} className="faq-item">
                <summary className="faq-item__q">
                  <span className="faq-item__mark" aria-hidden="true">
                    {c('faq.q')}
                  </span>
                  <span className="faq-item__text">{f.question}</span>
                  <svg
                    className="faq-item__chevron"
                    viewBox="0 0 24 24"
                    width="20"
                    height="20"
                    aria-hidden="true"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  >
                    <path d="M6 9l6 6 6-6" />
                  </svg>
                </summary>
                <div className="faq-item__a">
                  <span className="faq-item__mark faq-item__mark--a" aria-hidden="true">
                    {c('faq.a')}
                  </span>
                  <p className="faq-item__text">{f.answer}</p>
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}

      {faq.status !== 'loading' && (
        <aside className="faq-more" aria-labelledby="faq-more-title">
          <h2 id="faq-more-title" className="faq-more__title">
            {c('faq.moreTitle')}
          </h2>
          <p className="faq-more__body">{c('faq.moreBody')}</p>
          <Link className="btn btn--primary btn--lg btn--block" to={to(paths.contact())}>
            {c('faq.toContact')}
          </Link>
        </aside>
      )}
    </section>
  );
}
