import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const KEY = 'passport.scroll';
const positions: Record<string, number> = (() => {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
})();

function persist() {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(positions));
  } catch {
    // Storage full or blocked: restoring scroll is a nicety.
  }
}

/**
 * Back and forward return to where the visitor was; a new page starts at the top. (The
 * data router's ScrollRestoration would cost a much larger router bundle.)
 */
export function useScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();
  const current = useRef(location.key);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => (positions[current.current] = window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    const saved = positions[location.key];
    if (type === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (!location.hash) window.scrollTo(0, 0);
    persist();
  }, [location.key, location.hash, type]);
}
