import { useEffect, useRef } from 'react';

/**
 * Calls `onEnter` whenever the returned element scrolls within `margin` of the viewport.
 * Without IntersectionObserver it does nothing, and the caller's button remains the way on.
 */
export function useInView<T extends Element>(onEnter: () => void, { margin = '400px', enabled = true } = {}) {
  const ref = useRef<T>(null);
  const callback = useRef(onEnter);
  callback.current = onEnter;
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && callback.current(), {
      rootMargin: `0px 0px ${margin} 0px`,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [enabled, margin]);
  return ref;
}
