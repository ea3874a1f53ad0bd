import { useCallback, useEffect, useRef } from 'react';
import { useBeforeUnload } from 'react-router-dom';

/**
 * Holds the way out of a form with unsaved changes: a click on a link to another page asks
 * first (`message`, a native confirm; checked before the router sees the click), and closing
 * or reloading the tab gets the browser's own warning. Returns `allowLeave`, to call just
 * before the form itself navigates away after a save or a delete.
 *
 * Links rather than the router's useBlocker: that needs a data router, whose code would land
 * in the visitors' first-view bundle (react-router is one module shared with the public app).
 */
export function useLeaveGuard(dirty: boolean, message: string): () => void {
  const allowed = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const onClick = (e: MouseEvent) => {
      if (allowed.current || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
        return;
      const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[href]') : null;
      if (!link || link.target === '_blank' || link.hasAttribute('download')) return;
      const to = new URL(link.href, location.href);
      if (to.origin === location.origin && to.pathname === location.pathname) return;
      if (window.confirm(message)) return;
      e.preventDefault();
      e.stopPropagation();
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [dirty, message]);
  useBeforeUnload(
    useCallback(
      (e: BeforeUnloadEvent) => {
        if (dirty && !allowed.current) e.preventDefault();
      },
      [dirty],
    ),
  );
  return useCallback(() => {
    allowed.current = true;
  }, []);
}
