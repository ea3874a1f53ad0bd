import { useEffect } from 'react';
import type { Locale } from '../../../lib/i18n';
import { afterFirstView } from '../../../lib/offline-status';
import { favoritesModule } from '../api/favorites.lazy';
import { useFavoritesStore } from '../stores/favorites.store';

/**
 * Reads the signed-in visitor's favourites (IndexedDB, then the server) once the first view
 * is up, unless already read for them in this language: the hearts of a screen then follow
 * what they set, also offline.
 */
export function useFavoritesRead(owner: string | null, locale: Locale): void {
  useEffect(() => {
    if (owner === null) return;
    const s = useFavoritesStore.getState();
    if (s.owner === owner && s.locale === locale && s.cards !== null) return;
    afterFirstView(() => void favoritesModule().then((m) => m.loadFavorites(locale)));
  }, [owner, locale]);
}
