import { lazyPage, type RemotePagesModule } from '@samgyup/shared';
import { ReservationLandingPage } from './landing/reservation-landing-page';

const signup = lazyPage(
  () => import('./account/signup-page'),
  (m) => m.SignupPage,
);
const login = lazyPage(
  () => import('./account/login-reservation-page'),
  (m) => m.LoginReservationPage,
);
const reset = lazyPage(
  () => import('./account/reset-reservation-page'),
  (m) => m.ResetReservationPage,
);
const newPassword = lazyPage(
  () => import('./account/reset-reservation-page'),
  (m) => m.NewPasswordSuccessPage,
);
const date = lazyPage(
  () => import('./date/reservation-date-page'),
  (m) => m.ReservationDatePage,
);
const form = lazyPage(
  () => import('./form/reservation-form-page'),
  (m) => m.ReservationFormPage,
);
const upload = lazyPage(
  () => import('./upload/reservation-upload-page'),
  (m) => m.ReservationUploadPage,
);
const pending = lazyPage(
  () => import('./status/reservation-pending-page'),
  (m) => m.ReservationPendingPage,
);
const manage = lazyPage(
  () => import('./manage/reservation-manage-page'),
  (m) => m.ReservationManagePage,
);
const mine = lazyPage(
  () => import('./mine/my-reservations-page'),
  (m) => m.MyReservationsPage,
);
const waitlist = lazyPage(
  () => import('./waitlist/reservation-waitlist-page'),
  (m) => m.ReservationWaitlistPage,
);
const claim = lazyPage(
  () => import('./waitlist/reservation-claim-page'),
  (m) => m.ReservationClaimPage,
);
const paid = lazyPage(
  () => import('./payment/reservation-paid-page'),
  (m) => m.ReservationPaidPage,
);
const confirmed = lazyPage(
  () => import('./status/reservation-confirmed-page'),
  (m) => m.ReservationConfirmedPage,
);

/** Every route of the reservation flow, with the first version's camelCase aliases. */
export const pages: RemotePagesModule['pages'] = {
  '/reservation': ReservationLandingPage,
  '/signup': signup,
  '/login-reservation': login,
  '/loginReservation': login,
  '/reset-reservation': reset,
  '/resetReservation': reset,
  '/success-new-password-reservation': newPassword,
  '/reservation-date': date,
  '/reservationDate': date,
  '/reservation-form': form,
  '/reservationForm': form,
  '/reservation-upload': upload,
  '/reservationUpload': upload,
  '/reservation-pending': pending,
  '/reservationPending': pending,
  '/reservation-paid': paid,
  '/reservation-confirmed': confirmed,
  '/reservationConfirmed': confirmed,
  '/reservation-manage': manage,
  '/my-reservations': mine,
  '/reservation-waitlist': waitlist,
  '/reservation-claim': claim,
};
