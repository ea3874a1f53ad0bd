/** The favourites' offline code (api/favorites.offline), loaded on the first tap or after the first view: one loader for every caller. */
export const favoritesModule = () => import('./favorites.offline');
