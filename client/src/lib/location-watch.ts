import { create } from 'zustand';
import { POSITION_OPTIONS, type Position } from './geolocation';

/**
 * The location watcher (spec 3, 4, 9; design: zustand holds the location watch).
 *
 * The store has exactly the client-side location and search fields of spec 3, each with a
 * setter. The watcher drives them: `watchPosition` (high accuracy, 30 s timeout, never a
 * cached position); the first position is kept and the distance from it recomputed on every
 * update; at intervals of at least 10 s it asks the server for usable spots near the phone;
 * spots found stop the watch, no spots count a miss, and the watch stops once misses are
 * above 0. A geolocation error is logged and counted as a miss.
 */

export type LocationWatchFields = {
  /** Metres from the first position of this watch to the latest one. */
  locationWatchDistance: number;
  /** Whether a watch is running. */
  locationWatch: boolean;
  /** Whether the phone gave a position during this watch (location usable). */
  locationWatchAva: boolean;
  /** Epoch ms of the last time the server was asked for spots (0: never). */
  syncerWatchPositionLastTime: number;
  /** Misses: answers without spots, and geolocation errors. */
  spotLocationCnt: number;
  /** Whether the server found usable spots near the phone. */
  spotLocationAva: boolean;
  /** Tags the coupon list is filtered by. */
  couponListSearchTag: string[];
};

type Setters = {
  setLocationWatchDistance: (v: number) => void;
  setLocationWatch: (v: boolean) => void;
  setLocationWatchAva: (v: boolean) => void;
  setSyncerWatchPositionLastTime: (v: number) => void;
  setSpotLocationCnt: (v: number) => void;
  setSpotLocationAva: (v: boolean) => void;
  setCouponListSearchTag: (v: string[]) => void;
};

export type LocationWatchState = LocationWatchFields & Setters;

/** Spec 3 defaults. */
export const LOCATION_DEFAULTS: LocationWatchFields = {
  locationWatchDistance: 0,
  locationWatch: false,
  locationWatchAva: false,
  syncerWatchPositionLastTime: 0,
  spotLocationCnt: 0,
  spotLocationAva: false,
  couponListSearchTag: [],
};

export const useLocationWatchStore = create<LocationWatchState>((set) => ({
  ...LOCATION_DEFAULTS,
  setLocationWatchDistance: (locationWatchDistance) => set({ locationWatchDistance }),
  setLocationWatch: (locationWatch) => set({ locationWatch }),
  setLocationWatchAva: (locationWatchAva) => set({ locationWatchAva }),
  setSyncerWatchPositionLastTime: (syncerWatchPositionLastTime) => set({ syncerWatchPositionLastTime }),
  setSpotLocationCnt: (spotLocationCnt) => set({ spotLocationCnt }),
  setSpotLocationAva: (spotLocationAva) => set({ spotLocationAva }),
  setCouponListSearchTag: (couponListSearchTag) => set({ couponListSearchTag }),
}));

/** Spec 9: location re-query interval. */
export const REQUERY_INTERVAL_MS = 10_000;
/** Spec 4: watching stops once the miss count is above this. */
export const MAX_MISSES = 0;

/** Great-circle distance in metres (WGS84 mean radius). */
export function distanceM(a: { lat: number; long: number }, b: { lat: number; long: number }): number {
  const R = 6371008.8;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.long - a.long) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type WatchEvent<S> =
  | { type: 'position'; position: Position }
  | { type: 'spots'; spots: S[]; position: Position }
  | { type: 'miss'; reason: 'none' | 'error'; error?: GeolocationPositionError }
  | { type: 'denied' }
  | { type: 'stopped' };

export type WatchOptions<S> = {
  /** Asks the server for usable spots at a position (GET /api/coupons/get/nearby/spot/list). */
  fetchSpots: (at: Position) => Promise<S[]>;
  onEvent?: (e: WatchEvent<S>) => void;
  /** Injected in tests. */
  geolocation?: Pick<Geolocation, 'watchPosition' | 'clearWatch'> | null;
  now?: () => number;
  log?: (message: string, detail?: unknown) => void;
};

/**
 * Starts watching the phone's position (stopping any earlier watch) and drives the store.
 * A failed request (no network) is not a miss: it is asked again at the next position at
 * least 10 s later.
 * @returns a function that stops the watch
 */
export function startLocationWatch<S>(opts: WatchOptions<S>): () => void {
  stopLocationWatch();
  const geo =
    opts.geolocation === undefined
      ? typeof navigator !== 'undefined'
        ? navigator.geolocation
        : null
      : opts.geolocation;
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((m: string, d?: unknown) => console.warn(m, d));
  const s = useLocationWatchStore.getState();
  s.setLocationWatchDistance(0);
  s.setLocationWatchAva(false);
  s.setSyncerWatchPositionLastTime(0);
  s.setSpotLocationCnt(0);
  s.setSpotLocationAva(false);
  const emit = (e: WatchEvent<S>) => opts.onEvent?.(e);

  let first: Position | null = null;
  let asking = false;
  let watchId: number | null = null;
  let stopped = false;

  function stop() {
    if (stopped) return;
    stopped = true;
    if (watchId !== null) geo?.clearWatch(watchId);
    useLocationWatchStore.getState().setLocationWatch(false);
    if (current === stop) current = null;
    emit({ type: 'stopped' });
  }

  function miss(reason: 'none' | 'error', error?: GeolocationPositionError) {
    const st = useLocationWatchStore.getState();
    const misses = st.spotLocationCnt + 1;
    st.setSpotLocationCnt(misses);
    emit({ type: 'miss', reason, error });
    if (misses > MAX_MISSES) stop();
  }

  const onPosition = (p: GeolocationPosition) => {
    if (stopped) return;
    const at: Position = { lat: p.coords.latitude, long: p.coords.longitude, accuracy: p.coords.accuracy };
    const st = useLocationWatchStore.getState();
    if (!first) first = at;
    st.setLocationWatchDistance(distanceM(first, at));
    st.setLocationWatchAva(true);
    emit({ type: 'position', position: at });
    if (asking || now() - st.syncerWatchPositionLastTime < REQUERY_INTERVAL_MS) return;
    st.setSyncerWatchPositionLastTime(now());
    asking = true;
    opts.fetchSpots(at).then(
      (spots) => {
        asking = false;
        if (stopped) return;
        if (spots.length > 0) {
          useLocationWatchStore.getState().setSpotLocationAva(true);
          emit({ type: 'spots', spots, position: at });
          stop();
        } else {
          useLocationWatchStore.getState().setSpotLocationAva(false);
          miss('none');
        }
      },
      (err: unknown) => {
        asking = false;
        log('location watch: spot query failed', err);
      },
    );
  };

  const onError = (err: GeolocationPositionError) => {
    if (stopped) return;
    log(`location watch: geolocation error ${err.code}`, err.message);
    if (err.code === 1) {
      useLocationWatchStore.getState().setLocationWatchAva(false);
      emit({ type: 'denied' });
    }
    miss('error', err);
  };

  current = stop;
  s.setLocationWatch(true);
  if (!geo) {
    log('location watch: no geolocation in this browser');
    miss('error');
    return stop;
  }
  watchId = geo.watchPosition(onPosition, onError, POSITION_OPTIONS);
  return stop;
}

let current: (() => void) | null = null;

/** Stops the running watch, if any. */
export function stopLocationWatch(): void {
  current?.();
}
