import { lazyPage, type RemotePagesModule } from '@samgyup/shared';

// Each page loads on demand, so a visitor downloads only the page they open.
export const pages: RemotePagesModule['pages'] = {
  '/featuremenu': lazyPage(
    () => import('./menu-list/menu-list-page'),
    (m) => m.FeaturedMenuPage,
  ),
  '/unlimited': lazyPage(
    () => import('./menu-list/menu-list-page'),
    (m) => m.UnlimitedMenuPage,
  ),
  '/alacarte': lazyPage(
    () => import('./menu-list/menu-list-page'),
    (m) => m.AlaCarteMenuPage,
  ),
  '/sidedish': lazyPage(
    () => import('./menu-list/menu-list-page'),
    (m) => m.SideDishesPage,
  ),
  '/promos': lazyPage(
    () => import('./promos/promos-page'),
    (m) => m.PromosPage,
  ),
};
