import { useEffect, useRef } from 'react';

/**
 * Calls `onEnter` whenever the returned element is within `margin` of the viewport. The
 * observer starts over when `resetKey` changes (say, after a page of items arrived), so an
 * element that is still in view then fires again: IntersectionObserver alone reports only
 * changes, and a fast scroll can leave the element in view without one. Without
 * IntersectionObserver it does nothing, and the caller's button remains the way on.
 */
export function useInView<T extends Element>(
  onEnter: () => void,
  { margin = '400px', enabled = true, resetKey }: { margin?: string; enabled?: boolean; resetKey?: unknown } = {},
) {
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
  }, [enabled, margin, resetKey]);
  return ref;
}
