import { describe, expect, it, vi } from 'vitest';
import {
  ChunkLoadError,
  loadScreen,
  RELOAD_GUARD_MS,
  RELOAD_KEY,
  reloadOnce,
  retryImport,
  type GuardEnv,
} from '../../client/src/lib/lazy-retry';

/** The chunk reload guard of spec 8 and 9 (issue 5), with a fake clock, storage and reload. */
function env(over: Partial<GuardEnv> = {}) {
  const store = new Map<string, string>();
  const e = {
    now: () => 1_000_000,
    storage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    reload: vi.fn(),
    online: () => true,
    wait: async () => undefined,
    ...over,
  };
  return { e, store };
}

describe('chunk-load retry and reload guard', () => {
  it('a failed import is retried once and succeeds without a reload', async () => {
    const { e } = env();
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('screen');
    await expect(retryImport(load, e)).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(2);
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('failing twice reloads the page once and keeps the time in sessionStorage', async () => {
    const { e, store } = env();
    const load = vi.fn().mockRejectedValue(new TypeError('chunk gone'));
    const pending = retryImport(load, e);
    await vi.waitFor(() => expect(e.reload).toHaveBeenCalledTimes(1));
    expect(store.get(RELOAD_KEY)).toBe('1000000');
    // The page is going away: the import never settles (no error page flashes first).
    const settled = await Promise.race([
      pending.then(
        () => 'settled',
        () => 'settled',
      ),
      new Promise((r) => setTimeout(() => r('open'), 20)),
    ]);
    expect(settled).toBe('open');
  });

  it('a second failure within 60 s gives up (the error page), never a loop; after 60 s it may reload again', async () => {
    let now = 1_000_000;
    const { e, store } = env({ now: () => now });
    store.set(RELOAD_KEY, String(now - 1000));
    const load = vi.fn().mockRejectedValue(new TypeError('chunk gone'));
    await expect(retryImport(load, e)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(e.reload).not.toHaveBeenCalled();
    await expect(loadScreen(load, 'error page', e)).resolves.toBe('error page');

    now += RELOAD_GUARD_MS;
    expect(reloadOnce(e)).toBe(true);
    expect(e.reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads offline (a web view without a service worker would not come back) or without storage', async () => {
    const offline = env({ online: () => false });
    expect(reloadOnce(offline.e)).toBe(false);
    expect(offline.e.reload).not.toHaveBeenCalled();
    const blocked = env({ storage: null });
    expect(reloadOnce(blocked.e)).toBe(false);
    const throwing = env({
      storage: {
        getItem: () => null,
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      },
    });
    expect(reloadOnce(throwing.e)).toBe(false);
    expect(throwing.e.reload).not.toHaveBeenCalled();
  });
});
