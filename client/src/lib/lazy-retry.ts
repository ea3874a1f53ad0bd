/**
 * Chunk-load failures (spec 8, 9; issue 5). After a deploy the old hashed chunks are gone,
 * and on a weak network a chunk can simply fail. A screen's import is retried once; if it
 * fails again the page reloads, at most once per RELOAD_GUARD_MS (the time of the last such
 * reload is kept in sessionStorage); a failure inside that window gives up, and the caller
 * shows the error page with a reload link. Never a reload loop, and never a reload while
 * the phone is offline: without a service worker (LINE's iOS web view) the reloaded page
 * would not come back at all.
 */

/** Spec 9: chunk reload guard. */
export const RELOAD_GUARD_MS = 60_000;
/** Spec 9: prefetch idle timeout. */
export const PREFETCH_AFTER_MS = 2000;
/** Pause before the one retry, so a momentary drop can pass. */
export const RETRY_DELAY_MS = 400;
export const RELOAD_KEY = 'passport.chunkReloadAt';

/** A screen's code could not be loaded, even after the retry and the guarded reload. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the app could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

export type GuardEnv = {
  now: () => number;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload: () => void;
  online: () => boolean;
  wait: (ms: number) => Promise<void>;
};

function browserEnv(): GuardEnv {
  let storage: GuardEnv['storage'] = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Blocked storage (some web views): then no reload at all, so there can be no loop.
  }
  return {
    now: () => Date.now(),
    storage,
    reload: () => window.location.reload(),
    online: () => navigator.onLine !== false,
    wait: (ms) => new Promise((r) => setTimeout(r, ms)),
  };
}

/**
 * Reloads the page unless it was reloaded for a chunk within RELOAD_GUARD_MS, the phone is
 * offline, or the time cannot be stored.
 * @returns whether a reload was started
 */
export function reloadOnce(env: GuardEnv = browserEnv()): boolean {
  if (!env.storage || !env.online()) return false;
  try {
    const last = Number(env.storage.getItem(RELOAD_KEY) ?? 0);
    const now = env.now();
    if (Number.isFinite(last) && last > 0 && now - last < RELOAD_GUARD_MS && now >= last) return false;
    env.storage.setItem(RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  env.reload();
  return true;
}

let guarded = 0;

/**
 * Loads a lazily imported screen: the import, once more after a short pause, then a guarded
 * reload (the returned promise then never settles: the page is going away).
 * @throws ChunkLoadError when the reload is not allowed (second failure within 60 s, offline)
 */
export async function retryImport<T>(load: () => Promise<T>, env: GuardEnv = browserEnv()): Promise<T> {
  guarded++;
  try {
    try {
      return await load();
    } catch {
      await env.wait(RETRY_DELAY_MS);
    }
    try {
      return await load();
    } catch (err) {
      if (reloadOnce(env)) return await new Promise<never>(() => undefined);
      throw new ChunkLoadError(err);
    }
  } finally {
    guarded--;
  }
}

/**
 * A screen for the router: retryImport, and `fallback` (the error page with a reload link)
 * when it gives up.
 */
export function loadScreen<C>(load: () => Promise<C>, fallback: NoInfer<C>, env?: GuardEnv): Promise<C> {
  return retryImport(load, env).catch(() => fallback);
}

let installed = false;

/**
 * Vite's `vite:preloadError` (a chunk's CSS or a dependency failed to preload). Inside a
 * guarded screen import the failure also rejects that import, which retryImport handles, so
 * only a failure outside one reloads here (still at most once per minute).
 */
export function installChunkGuard(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('vite:preloadError', () => {
    if (guarded === 0) reloadOnce();
  });
}

/**
 * Starts fetching the chunk of the screen the page opens on as soon as the route table is
 * read, in parallel with the first render (which asks for the same module: the browser
 * fetches it once). A failure here is silent: the screen's own guarded import handles it.
 */
export function warmScreen(load: (() => Promise<unknown>) | null): void {
  if (!load || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
  load().catch(() => undefined);
}

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
};

const prefetched = new Set<() => Promise<unknown>>();

/**
 * Spec 9, as Nuxt's links do: PREFETCH_AFTER_MS after the page (or a navigation) settles, in
 * an idle moment, fetches the chunks of the screens that the links on screen lead to, each
 * once. `screenOf` maps a same-origin path to its screen's loader (or null).
 * @returns a function that cancels what has not started yet
 */
export function prefetchLinkedScreens(
  screenOf: (pathname: string) => (() => Promise<unknown>) | null,
  delayMs = PREFETCH_AFTER_MS,
): () => void {
  if (typeof document === 'undefined') return () => undefined;
  let cancel: () => void = () => undefined;
  const timer = setTimeout(() => {
    const loaders = new Set<() => Promise<unknown>>();
    for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      if (a.origin !== location.origin) continue;
      const r = a.getBoundingClientRect();
      if (r.bottom < 0 || r.top > window.innerHeight || (r.width === 0 && r.height === 0)) continue;
      const load = screenOf(a.pathname);
      if (load && !prefetched.has(load)) loaders.add(load);
    }
    loaders.forEach((l) => prefetched.add(l));
    cancel = prefetchWhenIdle([...loaders], 0);
  }, delayMs);
  return () => {
    clearTimeout(timer);
    cancel();
  };
}

/**
 * Spec 9: fetches the given chunks in the background, PREFETCH_AFTER_MS after start, each in
 * an idle moment, one after another. Failures are ignored (the real navigation retries);
 * nothing is fetched offline or when the visitor asked to save data.
 * @returns a function that cancels what has not started yet
 */
export function prefetchWhenIdle(
  loaders: ReadonlyArray<() => Promise<unknown>>,
  delayMs = PREFETCH_AFTER_MS,
): () => void {
  let cancelled = false;
  const w = window as IdleWindow;
  const idle = (cb: () => void) =>
    w.requestIdleCallback ? w.requestIdleCallback(cb, { timeout: PREFETCH_AFTER_MS }) : setTimeout(cb, 1);
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
  const next = (i: number) => {
    if (cancelled || i >= loaders.length || !navigator.onLine) return;
    idle(() => {
      if (cancelled) return;
      loaders[i]!().then(
        () => next(i + 1),
        () => next(i + 1),
      );
    });
  };
  const timer = saveData ? undefined : setTimeout(() => next(0), delayMs);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}
