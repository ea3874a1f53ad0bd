import { formatJstDate } from '../../../lib/format';
import { useContentT, useLocale, type ContentKey } from '../../../lib/i18n';
import { DocSection } from './doc-section';
import '../content.css';

/** When the privacy policy and the terms were established (JST date). */
const ESTABLISHED = '2026-11-21';

/** A legal text of numbered sections `<doc>.s1Title`, `<doc>.s1Body`, ... (privacy, terms). */
export function LegalPage({ doc, sections }: { doc: 'privacy' | 'terms'; sections: number }) {
  const c = useContentT();
  const locale = useLocale();
  const key = (k: string) => `${doc}.${k}` as ContentKey;
  return (
    <article className="page doc" aria-labelledby={`${doc}-title`}>
      <header className="page-head">
        <h1 id={`${doc}-title`} className="page-head__title">
          {c(key('title'))}
        </h1>
        <p className="page-head__lead">{c(key('lead'))}</p>
      </header>
      {Array.from({ length: sections }, (_, i) => i + 1).map((n) => (
        <DocSection key={n} id={`s${n}`} title={c(key(`s${n}Title`))} body={c(key(`s${n}Body`))} />
      ))}
      <p className="doc-updated">{c(key('updated'), { date: formatJstDate(ESTABLISHED, locale) })}</p>
    </article>
  );
}
