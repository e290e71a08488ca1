import type { RemotePagesModule } from '@samgyup/shared';
import { lazy } from 'react';

// Each page loads on demand, so a visitor downloads only the page they open.
const FeaturedMenuPage = lazy(() => import('./featured/featured-menu-page').then((m) => ({ default: m.FeaturedMenuPage })));
const UnlimitedMenuPage = lazy(() => import('./menu-list/menu-list-page').then((m) => ({ default: m.UnlimitedMenuPage })));
const AlaCarteMenuPage = lazy(() => import('./menu-list/menu-list-page').then((m) => ({ default: m.AlaCarteMenuPage })));
const SideDishesPage = lazy(() => import('./menu-list/menu-list-page').then((m) => ({ default: m.SideDishesPage })));
const PromosPage = lazy(() => import('./promos/promos-page').then((m) => ({ default: m.PromosPage })));

export const pages: RemotePagesModule['pages'] = {
  '/featuremenu': FeaturedMenuPage,
  '/unlimited': UnlimitedMenuPage,
  '/alacarte': AlaCarteMenuPage,
  '/sidedish': SideDishesPage,
  '/promos': PromosPage,
};
