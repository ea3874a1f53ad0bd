import { createContext, useContext, useLayoutEffect } from 'react';

/** What a page may change in the layout around it (spec 2: a page can hide the footer). */
export type PageChrome = { footer: boolean };

export const PageChromeContext = createContext<(chrome: PageChrome) => void>(() => {});

/** Hides the public footer while the calling page is shown. */
export function useHideFooter(hide = true): void {
  const setChrome = useContext(PageChromeContext);
  useLayoutEffect(() => {
    if (!hide) return;
    setChrome({ footer: false });
    return () => setChrome({ footer: true });
  }, [hide, setChrome]);
}
