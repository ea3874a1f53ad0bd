import { ClientError, errorText } from './errors';

export type Position = { lat: number; long: number; accuracy: number };

/** Spec 9: high accuracy, 30 s timeout, never a cached position. */
export const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 30000, maximumAge: 0 };

/**
 * The phone's current position in WGS84 degrees, with its accuracy radius in metres.
 * @throws ClientError GEOLOCATION_DENIED when refused, GEOLOCATION_TIMEOUT when no fix came
 *   within the 30 s, GEOLOCATION_UNAVAILABLE otherwise
 */
export function currentPosition(): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new ClientError('GEOLOCATION_UNAVAILABLE', errorText('GEOLOCATION_UNAVAILABLE')));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, long: p.coords.longitude, accuracy: p.coords.accuracy }),
      (err) => {
        const code =
          err.code === err.PERMISSION_DENIED
            ? 'GEOLOCATION_DENIED'
            : err.code === err.TIMEOUT
              ? 'GEOLOCATION_TIMEOUT'
              : 'GEOLOCATION_UNAVAILABLE';
        reject(new ClientError(code, errorText(code)));
      },
      POSITION_OPTIONS,
    );
  });
}
