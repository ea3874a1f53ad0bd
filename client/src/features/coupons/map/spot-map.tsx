import { lazy, Suspense } from 'react';
import { useNearbyT } from '../../../lib/i18n';
import { useOfflineStore } from '../../../lib/offline-status';
import type { MapPoint } from './leaflet-map';
import './spot-map.css';

export type { MapPoint } from './leaflet-map';

// Leaflet and its CSS load only when a map is shown, after the screen around it.
const LeafletMap = lazy(() => import('./leaflet-map').then((m) => ({ default: m.LeafletMap })));

/**
 * A map of spots (and the visitor), OpenStreetMap tiles through Leaflet, loaded on demand.
 * Offline it is a notice instead: the list beside it stays usable. Tiles that fail to load
 * (no network, blocked) show the same kind of notice over the map.
 */
export function SpotMap({ points, label }: { points: MapPoint[]; label: string }) {
  const n = useNearbyT();
  const online = useOfflineStore((s) => s.online);
  if (!online) {
    return (
      <p className="map-notice" data-testid="map-offline">
        {n('map.offline')}
      </p>
    );
  }
  if (points.length === 0) return null;
  return (
    <Suspense
      fallback={
        <div className="spot-map spot-map--loading" aria-hidden="true">
          {n('map.loading')}
        </div>
      }
    >
      <LeafletMap points={points} label={label} />
    </Suspense>
  );
}
