import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, reply, setUpApiForTests, signInStaff } from '../test/staff-test-kit';
import { ReservationDecision } from './reservation-decision';
import type { StaffReservation } from './staff-reservation';

// The decline form's rules arrive in a chunk of their own, asked for as the form opens and again on the press if
// that failed: here both fail, as on a dropped connection, and the third ask gets it.
let validationLoads = 0;
jest.mock('@samgyup/shared/validation', () => {
  validationLoads += 1;
  if (validationLoads <= 2) throw Object.assign(new Error('Loading chunk 165 failed.'), { name: 'ChunkLoadError' });
  return jest.requireActual('@samgyup/shared/validation');
});

const reservation = { id: 12, has_payment_proof: true } as StaffReservation;

it('says when the decline form could not be loaded, keeps the reason, and declines on the next press', async () => {
  setUpApiForTests();
  signInStaff();
  const declines: unknown[] = [];
  fakeApi({
    'POST /api/staff/reservations/12/decline': (_url, init) => {
      declines.push(JSON.parse(String(init.body)));
      return reply(200, { message: 'Reservation #12 is declined. We told Ana Cruz.' });
    },
  });
  const onDecided = jest.fn();
  render(<ReservationDecision reservation={reservation} onDecided={onDecided} onStale={() => undefined} />);
  await userEvent.click(screen.getByRole('button', { name: 'Decline…' }));
  await userEvent.type(screen.getByLabelText('Reason (the customer reads it)'), 'The payment did not arrive.');
  await userEvent.click(screen.getByRole('button', { name: 'Decline reservation' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The decline form could not be loaded. Check your connection, then press Decline reservation again.');
  expect(screen.getByLabelText('Reason (the customer reads it)')).toHaveValue('The payment did not arrive.');
  expect(declines).toEqual([]);
  expect(validationLoads).toBe(2);

  await userEvent.click(screen.getByRole('button', { name: 'Decline reservation' }));
  await waitFor(() => expect(onDecided).toHaveBeenCalled());
  expect(declines).toEqual([{ reason: 'The payment did not arrive.' }]);
  expect(onDecided).toHaveBeenCalledWith('Reservation #12 is declined. We told Ana Cruz.');
});
