import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { InquiryAbout } from '@contracts/contacts';
import type { CouponCard } from '@contracts/coupons';
import { messageOf } from '../../../lib/errors';
import { useContentT } from '../../../lib/i18n';
import { isIdParam, paths, useLocalePath } from '../../../lib/paths';
import { findChoice, searchChoices } from '../api/info-form.api';
import { InquiryForm, type AboutCheck } from '../components/inquiry-form';
import '../info-form.css';

type Kind = InquiryAbout['kind'];
/** A coupon or shop the visitor can choose: what is sent, and what is shown. */
type Choice = { about: InquiryAbout; name: string; detail: string };

/** The choices a search's coupons give: each coupon, or each distinct shop of them. */
function choicesOf(cards: CouponCard[], kind: Kind): Choice[] {
  if (kind === 'coupon')
    return cards.map((c) => ({ about: { kind, id: c.id }, name: c.title, detail: c.spot?.name ?? '' }));
  const shops = new Map<number, Choice>();
  for (const c of cards)
    if (c.spot && !shops.has(c.spot.id))
      shops.set(c.spot.id, { about: { kind, id: c.spot.id }, name: c.spot.name, detail: '' });
  return [...shops.values()];
}

/**
 * `/info/form/` (spec 2; issue 15): an inquiry about one coupon or one shop. The visitor
 * chooses which (searching by coupon or shop name; `?coupon={id}` comes with that coupon
 * chosen), then fills in the contact form's fields under the same rules (spec 5) and sends
 * it through the same call, which names the coupon or shop in the mail.
 */
export function InfoFormPage() {
  const c = useContentT();
  const to = useLocalePath();
  const [params] = useSearchParams();
  const linked = params.get('coupon');
  const [kind, setKind] = useState<Kind>('coupon');
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<{ for: Kind; cards: CouponCard[] } | null>(null);
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Choice | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const chosenRef = useRef<HTMLDivElement>(null);

  // A link from a coupon (`?coupon=12`) arrives with that coupon chosen, if it is shown today.
  useEffect(() => {
    if (!linked || !isIdParam(linked)) return;
    const ctrl = new AbortController();
    findChoice(Number(linked), ctrl.signal).then(
      (card) => {
        if (card) setChosen(choicesOf([card], 'coupon')[0]!);
        else setProblem(c('infoForm.couponGone'));
      },
      () => undefined,
    );
    return () => ctrl.abort();
  }, [linked, c]);

  async function search() {
    const words = keyword.trim();
    if (!words || searching) return;
    setSearching(true);
    setProblem(null);
    try {
      setResults({ for: kind, cards: await searchChoices(words) });
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setSearching(false);
    }
  }

  const choose = (choice: Choice) => {
    setChosen(choice);
    setProblem(null);
    requestAnimationFrame(() => chosenRef.current?.focus());
  };
  const checkAbout = (): AboutCheck => {
    if (chosen) return { about: chosen.about };
    setProblem(c('infoForm.chooseFirst'));
    requestAnimationFrame(() => searchRef.current?.focus());
    return { error: c('infoForm.chooseFirst') };
  };
  const choices = results ? choicesOf(results.cards, results.for) : [];

  const chooser = (
    <fieldset className="about" data-testid="info-about">
      <legend className="field__label">{c('infoForm.aboutLegend')}</legend>
      {chosen ? (
        <div className="about__chosen" tabIndex={-1} ref={chosenRef} data-testid="info-chosen">
          <p className="about__chosen-label">
            {chosen.about.kind === 'coupon' ? c('infoForm.chosenCoupon') : c('infoForm.chosenSpot')}
          </p>
          <p className="about__name">{chosen.name}</p>
          {chosen.detail && <p className="about__detail">{chosen.detail}</p>}
          <button
            type="button"
            className="btn btn--outline btn--lg"
            onClick={() => {
              setChosen(null);
              requestAnimationFrame(() => searchRef.current?.focus());
            }}
          >
            {c('infoForm.change')}
          </button>
        </div>
      ) : (
        <>
          <div className="about__kinds">
            {(['coupon', 'spot'] as const).map((k) => (
              <label key={k} className={kind === k ? 'about__kind about__kind--on' : 'about__kind'}>
                <input type="radio" name="aboutKind" value={k} checked={kind === k} onChange={() => setKind(k)} />
                <span>{k === 'coupon' ? c('infoForm.kindCoupon') : c('infoForm.kindSpot')}</span>
              </label>
            ))}
          </div>
          <label className="about__search-label" htmlFor="about-search">
            {c('infoForm.searchLabel')}
          </label>
          <p className="field__hint" id="about-search-hint">
            {c('infoForm.searchHint')}
          </p>
          <div className="about__search">
            <input
              ref={searchRef}
              id="about-search"
              type="search"
              className="input"
              enterKeyHint="search"
              maxLength={100}
              aria-describedby="about-search-hint"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onKeyDown={(e) => {
                // Enter searches rather than sending the whole form.
                if (e.key !== 'Enter') return;
                e.preventDefault();
                void search();
              }}
            />
            <button type="button" className="btn btn--primary btn--lg" onClick={() => void search()}>
              {searching ? c('infoForm.searching') : c('infoForm.search')}
            </button>
          </div>
          <div aria-live="polite">
            {results && (
              <p className="about__count" data-testid="info-results-count">
                {choices.length ? c('infoForm.results', { count: choices.length }) : c('infoForm.noResults')}
              </p>
            )}
          </div>
          {choices.length > 0 && (
            <ul className="about__results" data-testid="info-results">
              {choices.map((choice) => (
                <li key={`${choice.about.kind}-${choice.about.id}`}>
                  <button type="button" className="about__result" onClick={() => choose(choice)}>
                    <span className="about__name">{choice.name}</span>
                    {choice.detail && <span className="about__detail">{choice.detail}</span>}
                    <span className="about__pick">{c('infoForm.choose')}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {problem && (
        <p className="field__error" role="alert" data-testid="info-about-error">
          {problem}
        </p>
      )}
    </fieldset>
  );

  return (
    <InquiryForm
      title={c('infoForm.title')}
      lead={
        <>
          {c('infoForm.lead')}{' '}
          <Link to={to(paths.contact())} className="about__general">
            {c('infoForm.generalLink')}
          </Link>
        </>
      }
      chooser={chooser}
      checkAbout={checkAbout}
      aboutName={chosen ? c('infoForm.successAbout', { name: chosen.name }) : undefined}
    />
  );
}
