import type { RemotePagesModule } from '@samgyup/shared';
import { TimesUpPage } from './times-up/times-up-page';

export const pages: RemotePagesModule['pages'] = {
  '/timesup': TimesUpPage,
};
