import { useEffect, useRef } from 'react';
import type { DeferredKey } from '../../../lib/i18n';
import { useDeferredT } from '../../../lib/i18n';

type Platform = 'lineIos' | 'lineAndroid' | 'ios' | 'android' | 'browser';
const ORDER: Platform[] = ['lineIos', 'lineAndroid', 'ios', 'android', 'browser'];

/** Which instructions fit this phone: LINE's in-app browser on iOS or Android, else the browser. */
export function platformOf(ua: string): Platform {
  const line = /\bLine\//i.test(ua);
  const ios = /iPhone|iPad|iPod/i.test(ua);
  const android = /Android/i.test(ua);
  if (line && ios) return 'lineIos';
  if (line && android) return 'lineAndroid';
  if (ios) return 'ios';
  if (android) return 'android';
  return 'browser';
}

function HowTo({ p }: { p: Platform }) {
  const t = useDeferredT();
  return (
    <section className="location-help__howto" data-platform={p}>
      <h3>{t(`location.${p}Title` as DeferredKey)}</h3>
      <p>{t(`location.${p}` as DeferredKey)}</p>
    </section>
  );
}

/**
 * Location was refused (issue 5): why the coupon cannot be checked, the store code entry as
 * the way forward, and how to allow location on this phone (LINE on iOS or Android, or the
 * browser) folded away, so the panel stays short and the coupon stays in view.
 *
 * `pressed` counts presses of 'mark as used' refused for this reason: each one says so again
 * (announced, and focused), and unfolds how to allow location.
 */
export function LocationHelp({ pressed = 0, onStoreCode }: { pressed?: number; onStoreCode: () => void }) {
  const t = useDeferredT();
  const box = useRef<HTMLDivElement>(null);
  const howTo = useRef<HTMLDetailsElement>(null);
  const mine = platformOf(typeof navigator === 'undefined' ? '' : navigator.userAgent);

  useEffect(() => {
    if (pressed === 0) return;
    if (howTo.current) howTo.current.open = true;
    box.current?.focus();
  }, [pressed]);

  return (
    <div className="location-help" role="alert" tabIndex={-1} ref={box} data-testid="location-help">
      <p className="location-help__title">{t('location.deniedTitle')}</p>
      {pressed > 0 && (
        <p key={pressed} className="location-help__pressed" data-testid="location-press-refused">
          {t('location.pressRefused')}
        </p>
      )}
      <p className="location-help__lead">{t('location.deniedLead')}</p>
      <button type="button" className="btn btn--outline btn--block" onClick={onStoreCode}>
        {t('location.useStoreCode')}
      </button>
      <details className="location-help__more" ref={howTo}>
        <summary>{t('location.howTo')}</summary>
        <HowTo p={mine} />
        <details className="location-help__more">
          <summary>{t('location.otherDevices')}</summary>
          {ORDER.filter((p) => p !== mine).map((p) => (
            <HowTo key={p} p={p} />
          ))}
        </details>
      </details>
    </div>
  );
}
