import { useCallback, useEffect, useState } from 'react';
import type { NearbySpot } from '@contracts/coupons';
import { Delayed } from '../../../components/delayed';
import { ServedText } from '../../../components/served-text';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT, useDeferredT } from '../../../lib/i18n';
import { startLocationWatch, stopLocationWatch } from '../../../lib/location-watch';
import { useOfflineStore } from '../../../lib/offline-status';
import { fetchNearbySpots } from '../api/coupons.api';

type View =
  | { kind: 'idle' }
  | { kind: 'ask' }
  | { kind: 'checking' }
  | { kind: 'near'; spot: NearbySpot }
  | { kind: 'miss' }
  | { kind: 'unavailable' }
  | { kind: 'timeout' };

async function permission(): Promise<PermissionState | 'unknown'> {
  try {
    return (await navigator.permissions.query({ name: 'geolocation' })).state;
  } catch {
    return 'unknown';
  }
}

/**
 * Above 'mark as used': whether a shop where the coupon is usable is near (spec 4's location
 * watch through lib/location-watch, with this coupon as `cid`). It starts by itself when
 * location is already allowed (or the browser cannot say), on a tap otherwise; refused
 * location is reported to the parent, which shows how to allow it and the store code entry.
 * Offline it stays quiet: the press is queued and judged when sent. `quiet` hides it while the
 * panel shows a press's own answer (one message at a time), and keeps the watch running.
 */
export function NearbyStatus({
  couponId,
  onDenied,
  quiet = false,
}: {
  couponId: number;
  onDenied: () => void;
  quiet?: boolean;
}) {
  const t = useT();
  const v = useDeferredT();
  const locale = useLocale();
  const online = useOfflineStore((s) => s.online);
  const [view, setView] = useState<View>({ kind: 'idle' });

  const start = useCallback(() => {
    setView({ kind: 'checking' });
    return startLocationWatch<NearbySpot>({
      fetchSpots: (at) => fetchNearbySpots(at, couponId),
      onEvent: (e) => {
        if (e.type === 'spots') setView({ kind: 'near', spot: e.spots[0]! });
        else if (e.type === 'denied') {
          setView({ kind: 'idle' });
          onDenied();
        } else if (e.type === 'miss') {
          setView(
            e.reason === 'none'
              ? { kind: 'miss' }
              : e.error?.code === 3
                ? { kind: 'timeout' }
                : { kind: 'unavailable' },
          );
        }
      },
    });
  }, [couponId, onDenied]);

  useEffect(() => stopLocationWatch, []);

  useEffect(() => {
    if (!online) return;
    let stop: (() => void) | null = null;
    let live = true;
    void permission().then((state) => {
      if (!live) return;
      if (state === 'denied') onDenied();
      else if (state === 'prompt') setView({ kind: 'ask' });
      else stop = start();
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [online, start, onDenied]);

  if (!online || quiet || view.kind === 'idle') return null;
  if (view.kind === 'checking') {
    return (
      <Delayed className="nearby" role="status" aria-live="polite">
        {v('location.checking')}
      </Delayed>
    );
  }
  if (view.kind === 'near') {
    return (
      <p className="nearby nearby--ok" role="status" data-testid="nearby-ok">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M12 22s7-6.4 7-12a7 7 0 0 0-14 0c0 5.6 7 12 7 12z" fill="currentColor" />
          <circle cx="12" cy="10" r="2.6" fill="#fff" />
        </svg>
        <span>
          {v('location.near', { spot: view.spot.name, distance: formatNumber(view.spot.distanceM, locale) })}
          <ServedText served={view.spot.textLocale} />
        </span>
      </p>
    );
  }
  const again = view.kind === 'ask' ? v('location.check') : v('location.checkAgain');
  return (
    <div
      className={`nearby ${view.kind === 'ask' ? '' : 'nearby--miss'}`}
      role="status"
      data-testid={`nearby-${view.kind}`}
    >
      {view.kind === 'miss' && <span>{v('location.notNearby')}</span>}
      {view.kind === 'unavailable' && <span>{v('location.unavailable')}</span>}
      {view.kind === 'timeout' && <span>{t('errors.GEOLOCATION_TIMEOUT')}</span>}
      <button type="button" className="btn btn--outline" onClick={() => start()}>
        {again}
      </button>
    </div>
  );
}
