import type { PageMetaMap } from '@samgyup/build-kit/types/page-meta';

// The booking steps after the date and a diner's own bookings are private: they are
// nobody's search result. The first version's camelCase addresses send search engines to the kebab-case ones.
export const pageMeta = {
  '/reservation': {
    title: 'Reserve a table',
    description: 'Book a table at Samgyup Plaridel for your barkada, family or birthday: pick a date and time, then hold it with a ₱100 down payment.',
  },
  '/signup': { title: 'Create an account to reserve', index: false },
  '/login-reservation': { title: 'Log in to reserve', index: false },
  '/loginReservation': { title: 'Log in to reserve', index: false, canonical: '/login-reservation' },
  '/reset-reservation': { title: 'Reset your password', index: false },
  '/resetReservation': { title: 'Reset your password', index: false, canonical: '/reset-reservation' },
  '/success-new-password-reservation': { title: 'Password changed', index: false },
  '/reservation-date': {
    title: 'Choose a date',
    description: 'See which dates and time slots are still open at Samgyup Plaridel and start your table reservation.',
  },
  '/reservationDate': { title: 'Choose a date', index: false, canonical: '/reservation-date' },
  '/reservation-form': { title: 'Your reservation details', index: false },
  '/reservationForm': { title: 'Your reservation details', index: false, canonical: '/reservation-form' },
  '/reservation-upload': { title: 'Pay the down payment', index: false },
  '/reservationUpload': { title: 'Pay the down payment', index: false, canonical: '/reservation-upload' },
  '/reservation-pending': { title: 'Reservation submitted', index: false },
  '/reservationPending': { title: 'Reservation submitted', index: false, canonical: '/reservation-pending' },
  '/reservation-paid': { title: 'Your payment', index: false },
  '/reservation-confirmed': { title: 'Reservation confirmed', index: false },
  '/reservationConfirmed': { title: 'Reservation confirmed', index: false, canonical: '/reservation-confirmed' },
  '/reservation-manage': { title: 'Manage your reservation', index: false },
  '/my-reservations': { title: 'My reservations', index: false },
  '/reservation-waitlist': { title: 'Join the waitlist', index: false },
  '/reservation-claim': { title: 'Claim your table', index: false },
} satisfies PageMetaMap;
