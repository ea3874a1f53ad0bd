import { createContext, useContext } from 'react';
import { PRERENDER_SCRIPT_ID, type PrerenderedData, type ServerRender } from '@site/prerender';

export type { PrerenderedData, ServerRender };

/** Server-side render only: the request's user agent and data (absent in the browser). */
export const ServerRenderContext = createContext<ServerRender | null>(null);
export const useServerRender = (): ServerRender | null => useContext(ServerRenderContext);

let read: PrerenderedData | null | undefined;

/**
 * The data of the server-rendered page the app started on, or null (a page from the service
 * worker's shell, a screen not rendered on the server, the server itself). Read once.
 */
export function readPrerendered(): PrerenderedData | null {
  if (read !== undefined) return read;
  read = null;
  const text = typeof document === 'undefined' ? null : document.getElementById(PRERENDER_SCRIPT_ID)?.textContent;
  if (text) {
    try {
      read = JSON.parse(text) as PrerenderedData;
    } catch {
      read = null;
    }
  }
  return read;
}
