import { loadNamespace } from './i18n';

/**
 * Loads the `deferred` messages (texts the first view of /coupon/ never shows): their loaders
 * live in lib/deferred-messages, a tiny chunk of its own, so the first view's bundle holds only
 * this one import. Screens call it beside their own chunk, so both download at once.
 */
export const loadDeferredMessages = (): Promise<void> =>
  import('./deferred-messages').then(() => loadNamespace('deferred'));
