import type { RemotePagesModule } from '@samgyup/shared';
import { ReservationLandingPage } from './landing/reservation-landing-page';

export const pages: RemotePagesModule['pages'] = {
  '/reservation': ReservationLandingPage,
};
