/**
 * `use-sync-external-store/shim` for React 19, which has the hook built in: react-i18next
 * imports the shim, whose only job then is to hand over React's own `useSyncExternalStore`
 * (its fallback for React 17 and older would be dead code in the bundle). Aliased in
 * vite.config.ts.
 */
export { useSyncExternalStore } from 'react';
