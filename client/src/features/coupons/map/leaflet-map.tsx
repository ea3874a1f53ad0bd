import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useNearbyT } from '../../../lib/i18n';

/** A point on the map: a spot (with its name) or the visitor. */
export type MapPoint = { id: string; lat: number; long: number; name: string; kind: 'spot' | 'you' };

/** OpenStreetMap's standard tiles (tile usage policy: attribution, no heavy use). */
const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION_URL = 'https://www.openstreetmap.org/copyright';
const MAX_ZOOM = 19;

/**
 * The Leaflet map (this module is its own chunk): vector circle markers (no marker images),
 * the required "© OpenStreetMap contributors" attribution linked to OSM's copyright page,
 * localised zoom buttons, and a notice when tiles fail and none has loaded.
 */
export function LeafletMap({ points, label }: { points: MapPoint[]; label: string }) {
  const n = useNearbyT();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const map = L.map(el, { zoomControl: false, attributionControl: false, scrollWheelZoom: false });
    L.control.zoom({ zoomInTitle: n('map.zoomIn'), zoomOutTitle: n('map.zoomOut') }).addTo(map);
    const attribution = document.createElement('a');
    attribution.href = ATTRIBUTION_URL;
    attribution.target = '_blank';
    attribution.rel = 'noopener noreferrer';
    attribution.textContent = n('map.attribution');
    L.control.attribution({ prefix: false }).addAttribution(attribution.outerHTML).addTo(map);
    let loaded = false;
    const tiles = L.tileLayer(TILES, { maxZoom: MAX_ZOOM })
      .on('tileload', () => {
        loaded = true;
        setFailed(false);
      })
      .on('tileerror', () => {
        if (!loaded) setFailed(true);
      });
    tiles.addTo(map);
    for (const p of points) {
      const marker = L.circleMarker([p.lat, p.long], {
        radius: p.kind === 'you' ? 9 : 8,
        color: '#fff',
        weight: 2,
        fillColor: p.kind === 'you' ? '#1d5fd1' : '#c13d23',
        fillOpacity: 1,
      });
      const name = document.createElement('span');
      name.textContent = p.name; // as text: Leaflet would read a string as HTML
      marker.bindTooltip(name);
      marker.addTo(map);
    }
    if (points.length === 1) map.setView([points[0]!.lat, points[0]!.long], 16);
    else map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.long])), { padding: [28, 28], maxZoom: 17 });
    return () => {
      map.remove();
    };
  }, [points, n]);

  return (
    <div className="spot-map-wrap">
      <div ref={box} className="spot-map" role="region" aria-label={label} data-testid="spot-map" />
      {failed && (
        <p className="map-notice map-notice--over" role="status" data-testid="map-failed">
          {n('map.failed')}
        </p>
      )}
    </div>
  );
}
