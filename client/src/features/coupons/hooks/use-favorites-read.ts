import { useEffect, useRef } from 'react';
import type { Locale } from '../../../lib/i18n';
import { afterFirstView } from '../../../lib/offline-status';
import { favoritesModule } from '../api/favorites.lazy';
import { useFavoritesStore } from '../stores/favorites.store';

/**
 * Reads the signed-in visitor's favourites (IndexedDB, then the server) unless already read for
 * them in this language: the hearts of a screen then follow what they set, also offline. On a
 * screen's first view it waits until that view is up; a sign-in on the screen reads them at
 * once, so that their saved copy exists should the signal go right after.
 */
export function useFavoritesRead(owner: string | null, locale: Locale): void {
  const mounted = useRef(false);
  useEffect(() => {
    const signedInHere = mounted.current;
    mounted.current = true;
    if (owner === null) return;
    const s = useFavoritesStore.getState();
    if (s.owner === owner && s.locale === locale && s.cards !== null) return;
    const read = () => void favoritesModule().then((m) => m.loadFavorites(locale));
    if (signedInHere) read();
    else afterFirstView(read);
  }, [owner, locale]);
}
