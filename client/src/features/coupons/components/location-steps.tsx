import { useEffect, useRef } from 'react';
import { useNearbyT, type NearbyKey } from '../../../lib/i18n';
import { platformOf } from './location-help';

type Guide = 'lineIos' | 'lineAndroid' | 'ios' | 'android';
/** Steps per guide (keys denied.<guide>.1..n). */
const STEPS: Record<Guide, number> = { lineIos: 4, lineAndroid: 4, ios: 4, android: 3 };
const ORDER: Guide[] = ['lineIos', 'lineAndroid', 'ios', 'android'];

/** The guide for this phone: LINE's in-app browser or the phone's browser, iOS or Android (iOS for others). */
function guideOf(ua: string): Guide {
  const p = platformOf(ua);
  return p === 'browser' ? 'ios' : p;
}

function Steps({ guide }: { guide: Guide }) {
  const n = useNearbyT();
  return (
    <section className="steps" data-guide={guide}>
      <h3 className="steps__title">{n(`denied.${guide}.title` as NearbyKey)}</h3>
      <ol className="steps__list">
        {Array.from({ length: STEPS[guide] }, (_, i) => (
          <li key={i}>{n(`denied.${guide}.${i + 1}` as NearbyKey)}</li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Location is off or refused on the nearby screen (issue 15): what to do, step by step, for
 * this phone (LINE on iPhone or Android, or Safari or Chrome), the other guides folded away,
 * and a retry. It takes the focus when it appears, so a screen reader reads it at once.
 */
export function LocationSteps({ onRetry }: { onRetry: () => void }) {
  const n = useNearbyT();
  const box = useRef<HTMLDivElement>(null);
  const mine = guideOf(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  useEffect(() => box.current?.focus(), []);
  return (
    <div className="location-steps" role="alert" tabIndex={-1} ref={box} data-testid="nearby-denied">
      <h2 className="location-steps__title">{n('denied.title')}</h2>
      <p>{n('denied.lead')}</p>
      <Steps guide={mine} />
      <button type="button" className="btn btn--primary btn--lg btn--block" onClick={onRetry}>
        {n('denied.retry')}
      </button>
      <details className="location-steps__more">
        <summary>{n('denied.others')}</summary>
        {ORDER.filter((g) => g !== mine).map((g) => (
          <Steps key={g} guide={g} />
        ))}
      </details>
    </div>
  );
}
