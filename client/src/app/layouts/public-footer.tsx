import { Link } from 'react-router-dom';
import { useDeferredT, useT, type DeferredKey } from '../../lib/i18n';
import { paths, useLocalePath } from '../../lib/paths';
import './public-footer.css';

/** The footer's partner banners: public sites useful to a visitor of Kumamoto. */
const PARTNERS: ReadonlyArray<{ key: string; title: DeferredKey; sub: DeferredKey; href: string }> = [
  { key: 'pref', title: 'footer.prefTitle', sub: 'footer.prefSub', href: 'https://www.pref.kumamoto.jp/' },
  { key: 'jnto', title: 'footer.jntoTitle', sub: 'footer.jntoSub', href: 'https://www.japan.travel/' },
];

/**
 * The public footer (spec 2): partner banners, the about, etiquette and recruiting links
 * (with privacy and terms), and the copyright line.
 */
export function PublicFooter() {
  const t = useT();
  const d = useDeferredT();
  const to = useLocalePath();
  const links: Array<{ label: DeferredKey; to: string }> = [
    { label: 'footer.about', to: paths.about() },
    { label: 'footer.etiquette', to: paths.about('etiquette') },
    { label: 'footer.recruiting', to: paths.about('recruiting') },
    { label: 'footer.privacy', to: paths.privacy() },
    { label: 'footer.terms', to: paths.terms() },
    { label: 'footer.faq', to: paths.faq() },
  ];
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="site-footer__inner">
        <h2 className="site-footer__heading">{d('footer.partners')}</h2>
        <ul className="partners">
          {PARTNERS.map((p) => (
            <li key={p.key}>
              <a className={`partner partner--${p.key}`} href={p.href} target="_blank" rel="noopener noreferrer">
                <span className="partner__text">
                  <span className="partner__title">{d(p.title)}</span>
                  <span className="partner__sub">{d(p.sub)}</span>
                </span>
                <svg
                  className="partner__icon"
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
                  <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
                </svg>
                <span className="visually-hidden">{t('common.opensInNewTab')}</span>
              </a>
            </li>
          ))}
        </ul>
        <nav className="footer-links" aria-label={d('footer.linksLabel')}>
          <ul>
            {links.map((l) => (
              <li key={l.label}>
                <Link to={to(l.to)}>{d(l.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copy">
          <small>{d('footer.copyright', { year: new Date().getFullYear() })}</small>
        </p>
      </div>
    </footer>
  );
}
