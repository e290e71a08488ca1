import { reservationMessages } from '@samgyup/shared/validation';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, reply, renderAt, setUpEachTest } from '../test/reservation-test-kit';
import { loadFormCheck } from './load-form-check';
import { ReservationFormPage } from './reservation-form-page';

// The form's check is a chunk of its own; here the connection drops before it arrives.
jest.mock('./load-form-check', () => ({ loadFormCheck: jest.fn() }));
const loadCheck = jest.mocked(loadFormCheck);

setUpEachTest();

it('says the form could not be checked when its check does not load, and raises nothing unhandled as the diner reaches a field', async () => {
  loadCheck.mockImplementation(() => Promise.reject(new Error('Loading chunk 512 failed.')));
  fakeApi({
    'GET /api/reservations/fully-booked-dates': () => reply(200, { success: true, data: [] }),
    'GET /api/tables/available': () => reply(200, { success: true, data: [] }),
  });
  const unhandled: unknown[] = [];
  const note = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', note);
  try {
    renderAt('/reservation-form', '/reservation-form', ReservationFormPage, ['/reservation-upload', '/login-reservation']);
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText(reservationMessages.formCheckNotLoaded)).toBeInTheDocument();
    // A rejection nobody handles is reported after the turn it happened in.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadCheck).toHaveBeenCalled();
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', note);
  }
});
