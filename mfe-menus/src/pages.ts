import type { RemotePagesModule } from '@samgyup/shared';
import { FeaturedMenuPage } from './featured/featured-menu-page';

export const pages: RemotePagesModule['pages'] = {
  '/featuremenu': FeaturedMenuPage,
};
