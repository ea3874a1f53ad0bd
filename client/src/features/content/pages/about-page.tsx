import { Link } from 'react-router-dom';
import { useContentT, type ContentKey } from '../../../lib/i18n';
import { paths, useLocalePath } from '../../../lib/paths';
import { DocSection } from '../components/doc-section';
import { useHashScroll } from '../hooks/use-hash-scroll';
import '../content.css';

type Section = { id: string; title: ContentKey; body: ContentKey };

const SECTIONS: Section[] = [
  { id: 'terms', title: 'about.termsTitle', body: 'about.termsBody' },
  { id: 'disclaimer', title: 'about.disclaimerTitle', body: 'about.disclaimerBody' },
  { id: 'copyright', title: 'about.copyrightTitle', body: 'about.copyrightBody' },
  { id: 'links', title: 'about.linksTitle', body: 'about.linksBody' },
  { id: 'browser', title: 'about.browserTitle', body: 'about.browserBody' },
  { id: 'cache', title: 'about.cacheTitle', body: 'about.cacheBody' },
  { id: 'privacy', title: 'about.privacyTitle', body: 'about.privacyBody' },
  { id: 'data', title: 'about.dataTitle', body: 'about.dataBody' },
  { id: 'etiquette', title: 'about.etiquetteTitle', body: 'about.etiquetteBody' },
  { id: 'recruiting', title: 'about.recruitingTitle', body: 'about.recruitingBody' },
];

/** Attributions the seeded spot data requires (README "Data and licences"). */
const ATTRIBUTIONS: Array<{ label: ContentKey; href: string }> = [
  { label: 'about.attrWikidata', href: 'https://www.wikidata.org/' },
  { label: 'about.attrWikipedia', href: 'https://ja.wikipedia.org/' },
  { label: 'about.attrOsm', href: 'https://www.openstreetmap.org/copyright' },
  { label: 'about.attrGeolonia', href: 'https://github.com/geolonia/japanese-addresses' },
];

/**
 * `/about/` (spec 2): terms of use, disclaimer, copyright, links, browser, cache, privacy;
 * also the data sources with their required attributions, travel etiquette and the call for
 * shops (the footer links to those two).
 */
export function AboutPage() {
  const c = useContentT();
  const to = useLocalePath();
  useHashScroll();
  return (
    <article className="page doc" aria-labelledby="about-title">
      <header className="page-head">
        <h1 id="about-title" className="page-head__title">
          {c('about.title')}
        </h1>
        <p className="page-head__lead">{c('about.lead')}</p>
      </header>
      <nav className="doc-toc" aria-label={c('about.toc')}>
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{c(s.title)}</a>
            </li>
          ))}
        </ul>
      </nav>
      {SECTIONS.map((s) => (
        <DocSection key={s.id} id={s.id} title={c(s.title)} body={c(s.body)}>
          {s.id === 'terms' && (
            <Link className="doc-link" to={to(paths.terms())}>
              {c('about.readTerms')}
            </Link>
          )}
          {s.id === 'privacy' && (
            <Link className="doc-link" to={to(paths.privacy())}>
              {c('about.readPrivacy')}
            </Link>
          )}
          {s.id === 'data' && (
            <ul className="attributions" data-testid="attributions">
              {ATTRIBUTIONS.map((a) => (
                <li key={a.label}>
                  <a href={a.href} target="_blank" rel="noopener noreferrer">
                    {c(a.label)}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {s.id === 'recruiting' && (
            <Link className="btn btn--outline btn--lg btn--block doc-cta" to={to(paths.contact())}>
              {c('about.recruitingCta')}
            </Link>
          )}
        </DocSection>
      ))}
    </article>
  );
}
