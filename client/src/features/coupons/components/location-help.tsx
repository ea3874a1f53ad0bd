import type { MessageKey } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';

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
  const t = useT();
  return (
    <section className="location-help__howto" data-platform={p}>
      <h3>{t(`location.${p}Title` as MessageKey)}</h3>
      <p>{t(`location.${p}` as MessageKey)}</p>
    </section>
  );
}

/**
 * Location was refused (issue 5): how to allow it on this phone (LINE on iOS or Android, or
 * the browser), the other phones' ways folded away, and the store code entry as the fallback.
 */
export function LocationHelp({ onStoreCode }: { onStoreCode: () => void }) {
  const t = useT();
  const mine = platformOf(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  return (
    <div className="location-help" role="alert" data-testid="location-help">
      <p className="location-help__title">{t('location.deniedTitle')}</p>
      <p className="location-help__lead">{t('location.deniedLead')}</p>
      <HowTo p={mine} />
      <details>
        <summary>{t('location.otherDevices')}</summary>
        {ORDER.filter((p) => p !== mine).map((p) => (
          <HowTo key={p} p={p} />
        ))}
      </details>
      <button type="button" className="btn btn--outline btn--block btn--lg" onClick={onStoreCode}>
        {t('location.useStoreCode')}
      </button>
    </div>
  );
}
