import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff } from '../test/staff-test-kit';
import { StaffMenuPage } from './staff-menu-page';

let available = true;
beforeEach(() => {
  setUpApiForTests();
  signInStaff();
  available = true;
  fakeApi({
    'GET /api/staff/menu-items': () =>
      reply(200, { data: [{ id: 1, category: 'unlimited', name: 'Set A Unlimited Pork', selling_price: 199, is_available: available, availability_changed_by: available ? null : 'lea@samgyup.test' }] }),
    'PATCH /api/staff/menu-items/1': (_url, init) => {
      available = JSON.parse(String(init.body)).is_available;
      return reply(200, { message: available ? 'The item is on the menu again.' : 'The item is off the menu.' });
    },
  });
});
afterEach(() => staffSessionStore.signOut());

describe('/staff/menu', () => {
  it('takes an item off the menu and puts it back', async () => {
    renderStaffPage('/staff/menu', '/staff/menu', StaffMenuPage);
    expect(await screen.findByText('Set A Unlimited Pork · ₱199')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark Set A Unlimited Pork unavailable' }));
    expect(await screen.findByText('Set A Unlimited Pork: The item is off the menu.')).toBeInTheDocument();
    expect(await screen.findByText('Off the menu (lea@samgyup.test)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark Set A Unlimited Pork available' }));
    expect(await screen.findByText('Set A Unlimited Pork: The item is on the menu again.')).toBeInTheDocument();
  });
});
