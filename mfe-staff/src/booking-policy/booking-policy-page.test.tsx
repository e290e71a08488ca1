import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff } from '../test/staff-test-kit';
import { BookingPolicyPage } from './booking-policy-page';

const policy = {
  change_cutoff_hours: 24,
  refund_on_cancel: true,
  hold_minutes: 30,
  first_reminder_minutes: 1440,
  second_reminder_minutes: 180,
  waitlist_offer_minutes: 15,
  confirm_when_paid: true,
  updated_by: null,
  updated_at: '2026-11-25T00:00:00Z',
};

let saved: unknown[];
beforeEach(() => {
  setUpApiForTests();
  saved = [];
  fakeApi({
    'GET /api/staff/booking-policy': () => reply(200, { data: policy }),
    'PUT /api/staff/booking-policy': (_url, init) => {
      const body = JSON.parse(String(init.body));
      saved.push(body);
      return body.change_cutoff_hours > 720
        ? reply(400, { success: false, message: 'Send change_cutoff_hours as a whole number from 0 to 720.' })
        : reply(200, { success: true, message: 'The booking policy is saved.', data: { ...policy, ...body } });
    },
  });
});
afterEach(() => staffSessionStore.signOut());

describe('/staff/booking-policy', () => {
  it('lets an admin change the cutoff and the refund rule, and shows the API refusal in its words', async () => {
    signInStaff('admin');
    renderStaffPage('/staff/booking-policy', '/staff/booking-policy', BookingPolicyPage);
    const cutoff = await screen.findByLabelText('Diners may cancel or move a reservation until this many hours before the slot');
    expect(cutoff).toHaveValue(24);
    await userEvent.clear(cutoff);
    await userEvent.type(cutoff, '800');
    await userEvent.click(screen.getByRole('button', { name: 'Save the booking policy' }));
    expect(await screen.findByText('Send change_cutoff_hours as a whole number from 0 to 720.')).toBeInTheDocument();
    await userEvent.clear(cutoff);
    await userEvent.type(cutoff, '12');
    await userEvent.click(screen.getByLabelText('Refund the down payment when a diner cancels before the cutoff'));
    await userEvent.click(screen.getByRole('button', { name: 'Save the booking policy' }));
    expect(await screen.findByText('The booking policy is saved.')).toBeInTheDocument();
    expect(saved.at(-1)).toEqual({
      change_cutoff_hours: 12,
      refund_on_cancel: false,
      hold_minutes: 30,
      first_reminder_minutes: 1440,
      second_reminder_minutes: 180,
      waitlist_offer_minutes: 15,
      confirm_when_paid: true,
    });
  });

  it('asks the down payment per guest or per group of guests when the owner says so', async () => {
    signInStaff('admin');
    fakeApi({
      'GET /api/staff/booking-policy': () => reply(200, { data: { ...policy, down_payment_per: 'reservation', down_payment_group_size: 4 } }),
      'PUT /api/staff/booking-policy': (_url, init) => {
        saved.push(JSON.parse(String(init.body)));
        return reply(200, { success: true, message: 'The booking policy is saved.', data: policy });
      },
    });
    renderStaffPage('/staff/booking-policy', '/staff/booking-policy', BookingPolicyPage);
    const basis = await screen.findByLabelText('The down payment in Settings is asked');
    expect(screen.queryByLabelText(/Guests per group/)).not.toBeInTheDocument();
    await userEvent.selectOptions(basis, 'Per group of guests');
    const size = screen.getByLabelText(/Guests per group/);
    await userEvent.clear(size);
    await userEvent.type(size, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save the booking policy' }));
    expect(await screen.findByText('The booking policy is saved.')).toBeInTheDocument();
    expect(saved.at(-1)).toMatchObject({ down_payment_per: 'group', down_payment_group_size: 5 });
  });

  it('is for admins only', async () => {
    signInStaff('staff');
    renderStaffPage('/staff/booking-policy', '/staff/booking-policy', BookingPolicyPage);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only an admin can change the booking policy.');
  });
});
