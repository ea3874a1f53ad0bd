import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Scrolls to the section named by the URL's `#anchor` once the page has rendered. */
export function useHashScroll(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [hash, key]);
}
