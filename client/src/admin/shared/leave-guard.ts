import { useCallback, useEffect, useRef } from 'react';
import { useBeforeUnload, useBlocker } from 'react-router-dom';

/**
 * Holds the way out of a form with unsaved changes: a link to another admin page asks first
 * (`message`, a native confirm), and closing or reloading the tab gets the browser's own
 * warning. Returns `allowLeave`, to call just before the form itself navigates away after a
 * save or a delete (its changes are then not lost).
 */
export function useLeaveGuard(dirty: boolean, message: string): () => void {
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
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
