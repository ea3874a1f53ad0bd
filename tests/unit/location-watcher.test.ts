import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  distanceM,
  LOCATION_DEFAULTS,
  REQUERY_INTERVAL_MS,
  startLocationWatch,
  stopLocationWatch,
  useLocationWatchStore,
  type WatchEvent,
} from '../../client/src/lib/location-watch';

/**
 * The location watcher of spec 3, 4 and 9 (issue 5), with fake timers and a fake
 * geolocation: the store's fields, the watch options, the first position and the distance
 * from it, the 10 s server re-query interval, stopping on spots and on a miss, and
 * geolocation errors logged and counted as misses.
 */

type Spot = { id: number; name: string };

function fakeGeolocation() {
  let success: PositionCallback | null = null;
  let failure: PositionErrorCallback | null = null;
  const geo = {
    options: undefined as PositionOptions | undefined,
    watchPosition: vi.fn((ok: PositionCallback, err?: PositionErrorCallback | null, options?: PositionOptions) => {
      success = ok;
      failure = err ?? null;
      geo.options = options;
      return 7;
    }),
    clearWatch: vi.fn(),
    /** The phone reports a position. */
    move(lat: number, long: number, accuracy = 10) {
      success?.({ coords: { latitude: lat, longitude: long, accuracy }, timestamp: Date.now() } as GeolocationPosition);
    },
    /** The phone reports an error (1 denied, 2 unavailable, 3 timeout). */
    fail(code: 1 | 2 | 3) {
      failure?.({
        code,
        message: `error ${code}`,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError);
    },
  };
  return geo;
}

const state = () => useLocationWatchStore.getState();
const flush = () => vi.advanceTimersByTimeAsync(0);

// Kumamoto Castle and a point about 1.1 km north of it.
const CASTLE = { lat: 32.806186, long: 130.705834 };
const NORTH = { lat: 32.816186, long: 130.705834 };

describe('location watcher (spec 3, 4, 9)', () => {
  let geo: ReturnType<typeof fakeGeolocation>;
  let events: Array<WatchEvent<Spot>['type']>;
  type Log = (message: string, detail?: unknown) => void;
  let log: ReturnType<typeof vi.fn<Log>>;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-21T03:00:00Z') });
    useLocationWatchStore.setState({ ...LOCATION_DEFAULTS });
    geo = fakeGeolocation();
    events = [];
    log = vi.fn<Log>();
  });
  afterEach(() => {
    stopLocationWatch();
    vi.useRealTimers();
  });

  const start = (fetchSpots: (at: { lat: number; long: number }) => Promise<Spot[]>) =>
    startLocationWatch<Spot>({ fetchSpots, geolocation: geo, log, onEvent: (e) => events.push(e.type) });

  it('has exactly the fields of spec 3 with their defaults, each with a setter', () => {
    const s = state();
    const fields = Object.keys(s).filter((k) => typeof (s as unknown as Record<string, unknown>)[k] !== 'function');
    expect(fields.sort()).toEqual(
      [
        'couponListSearchTag',
        'locationWatch',
        'locationWatchAva',
        'locationWatchDistance',
        'spotLocationAva',
        'spotLocationCnt',
        'syncerWatchPositionLastTime',
      ].sort(),
    );
    expect(LOCATION_DEFAULTS).toEqual({
      locationWatchDistance: 0,
      locationWatch: false,
      locationWatchAva: false,
      syncerWatchPositionLastTime: 0,
      spotLocationCnt: 0,
      spotLocationAva: false,
      couponListSearchTag: [],
    });
    s.setLocationWatchDistance(12.5);
    s.setLocationWatch(true);
    s.setLocationWatchAva(true);
    s.setSyncerWatchPositionLastTime(1234);
    s.setSpotLocationCnt(2);
    s.setSpotLocationAva(true);
    s.setCouponListSearchTag(['温泉', 'ランチ']);
    expect(state()).toMatchObject({
      locationWatchDistance: 12.5,
      locationWatch: true,
      locationWatchAva: true,
      syncerWatchPositionLastTime: 1234,
      spotLocationCnt: 2,
      spotLocationAva: true,
      couponListSearchTag: ['温泉', 'ランチ'],
    });
    const setters = Object.keys(s).filter((k) => typeof (s as unknown as Record<string, unknown>)[k] === 'function');
    expect(setters).toHaveLength(7);
  });

  it('watches with high accuracy, a 30 s timeout and no cached position', () => {
    start(() => new Promise(() => undefined));
    expect(geo.watchPosition).toHaveBeenCalledTimes(1);
    expect(geo.options).toEqual({ enableHighAccuracy: true, timeout: 30000, maximumAge: 0 });
    expect(state().locationWatch).toBe(true);
  });

  it('keeps the first position and recomputes the distance from it on each update', async () => {
    start(() => new Promise(() => undefined));
    geo.move(CASTLE.lat, CASTLE.long);
    expect(state().locationWatchDistance).toBe(0);
    expect(state().locationWatchAva).toBe(true);
    geo.move(NORTH.lat, NORTH.long);
    const d = distanceM(CASTLE, NORTH);
    expect(d).toBeGreaterThan(1100);
    expect(d).toBeLessThan(1120);
    expect(state().locationWatchDistance).toBeCloseTo(d, 6);
    // Measured from the first position, not the previous one.
    geo.move(CASTLE.lat, CASTLE.long);
    expect(state().locationWatchDistance).toBe(0);
  });

  it('asks the server at intervals of at least 10 s', async () => {
    // The first answers fail (no network): not a miss, so the watch goes on.
    const fetchSpots = vi.fn(async () => {
      throw new Error('offline');
    });
    start(fetchSpots);
    geo.move(CASTLE.lat, CASTLE.long);
    await flush();
    expect(fetchSpots).toHaveBeenCalledTimes(1);
    expect(state().syncerWatchPositionLastTime).toBe(Date.now());
    const firstAsk = Date.now();

    await vi.advanceTimersByTimeAsync(5000);
    geo.move(CASTLE.lat + 0.0001, CASTLE.long);
    await flush();
    await vi.advanceTimersByTimeAsync(REQUERY_INTERVAL_MS - 5000 - 1);
    geo.move(CASTLE.lat + 0.0002, CASTLE.long);
    await flush();
    expect(fetchSpots).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1);
    geo.move(CASTLE.lat + 0.0003, CASTLE.long);
    await flush();
    expect(fetchSpots).toHaveBeenCalledTimes(2);
    expect(state().syncerWatchPositionLastTime).toBe(firstAsk + REQUERY_INTERVAL_MS);
    expect(state().spotLocationCnt).toBe(0);
    expect(state().locationWatch).toBe(true);
    expect(log).toHaveBeenCalled();
  });

  it('never asks twice at once: positions while a question is open are only measured', async () => {
    let answer: (spots: Spot[]) => void = () => undefined;
    const fetchSpots = vi.fn(() => new Promise<Spot[]>((resolve) => (answer = resolve)));
    start(fetchSpots);
    geo.move(CASTLE.lat, CASTLE.long);
    await vi.advanceTimersByTimeAsync(15_000);
    geo.move(NORTH.lat, NORTH.long);
    expect(fetchSpots).toHaveBeenCalledTimes(1);
    expect(state().locationWatchDistance).toBeGreaterThan(1000);
    answer([]);
    await flush();
    expect(state().spotLocationCnt).toBe(1);
  });

  it('stops watching when the server returns spots', async () => {
    const fetchSpots = vi.fn(async () => [{ id: 1, name: '熊本城' }]);
    start(fetchSpots);
    geo.move(CASTLE.lat, CASTLE.long);
    await flush();
    expect(fetchSpots).toHaveBeenCalledWith({ lat: CASTLE.lat, long: CASTLE.long, accuracy: 10 });
    expect(state().spotLocationAva).toBe(true);
    expect(state().spotLocationCnt).toBe(0);
    expect(state().locationWatch).toBe(false);
    expect(geo.clearWatch).toHaveBeenCalledWith(7);
    expect(events).toEqual(['position', 'spots', 'stopped']);
    // Later positions change nothing.
    await vi.advanceTimersByTimeAsync(20_000);
    geo.move(NORTH.lat, NORTH.long);
    expect(fetchSpots).toHaveBeenCalledTimes(1);
    expect(state().locationWatchDistance).toBe(0);
  });

  it('counts a miss when no spots are returned, and stops once the misses are above 0', async () => {
    const fetchSpots = vi.fn(async () => []);
    start(fetchSpots);
    geo.move(CASTLE.lat, CASTLE.long);
    await flush();
    expect(state().spotLocationCnt).toBe(1);
    expect(state().spotLocationAva).toBe(false);
    expect(state().locationWatch).toBe(false);
    expect(geo.clearWatch).toHaveBeenCalledTimes(1);
    expect(events).toEqual(['position', 'miss', 'stopped']);
    await vi.advanceTimersByTimeAsync(REQUERY_INTERVAL_MS);
    geo.move(CASTLE.lat, CASTLE.long);
    expect(fetchSpots).toHaveBeenCalledTimes(1);
  });

  it('logs a geolocation error and counts it as a miss (then stops)', async () => {
    const fetchSpots = vi.fn(async () => []);
    start(fetchSpots);
    geo.fail(3);
    expect(log).toHaveBeenCalledWith('location watch: geolocation error 3', 'error 3');
    expect(state().spotLocationCnt).toBe(1);
    expect(state().locationWatch).toBe(false);
    expect(geo.clearWatch).toHaveBeenCalledWith(7);
    expect(fetchSpots).not.toHaveBeenCalled();
    expect(events).toEqual(['miss', 'stopped']);
  });

  it('reports refused location (and counts it as a miss)', () => {
    start(async () => []);
    geo.fail(1);
    expect(events).toEqual(['denied', 'miss', 'stopped']);
    expect(state()).toMatchObject({ locationWatchAva: false, spotLocationCnt: 1, locationWatch: false });
  });

  it('a new watch starts over: misses, availability and the first position are reset', async () => {
    start(async () => []);
    geo.move(NORTH.lat, NORTH.long);
    await flush();
    expect(state().spotLocationCnt).toBe(1);
    start(async () => [{ id: 2, name: 'spot' }]);
    expect(state()).toMatchObject({
      spotLocationCnt: 0,
      spotLocationAva: false,
      locationWatch: true,
      syncerWatchPositionLastTime: 0,
    });
    geo.move(CASTLE.lat, CASTLE.long);
    await flush();
    expect(state()).toMatchObject({ spotLocationAva: true, locationWatchDistance: 0, locationWatch: false });
  });

  it('without geolocation, counts a miss and stops', () => {
    startLocationWatch<Spot>({
      fetchSpots: async () => [],
      geolocation: null,
      log,
      onEvent: (e) => events.push(e.type),
    });
    expect(state()).toMatchObject({ spotLocationCnt: 1, locationWatch: false });
    expect(log).toHaveBeenCalled();
  });
});
