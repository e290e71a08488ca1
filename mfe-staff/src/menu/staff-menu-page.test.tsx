import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff } from '../test/staff-test-kit';
import { menuMessages } from '@samgyup/shared/validation';
import { StaffMenuPage } from './staff-menu-page';

let available = true;
let saved: unknown = null;
beforeEach(() => {
  saved = null;
  setUpApiForTests();
  signInStaff();
  available = true;
  fakeApi({
    'GET /api/staff/menu-items': () =>
      reply(200, {
        data: [
          {
            id: 1,
            category: 'unlimited',
            name: 'Set A Unlimited Pork',
            description: '',
            selling_price: 199,
            is_premium: false,
            is_featured: true,
            is_available: available,
            availability_changed_by: available ? null : 'lea@samgyup.test',
            retired_at: null,
            photo: null,
          },
        ],
      }),
    'PATCH /api/staff/menu-items/1': (_url, init) => {
      const body = JSON.parse(String(init.body));
      if (body.is_available === undefined || Object.keys(body).length > 1) {
        saved = body;
        return reply(200, { message: 'Saved. The menu pages show the change.' });
      }
      available = body.is_available;
      return reply(200, { message: available ? 'The item is on the menu again.' : 'The item is off the menu.' });
    },
  });
});
afterEach(() => staffSessionStore.signOut());

describe('/staff/menu', () => {
  it('takes an item off the menu and puts it back', async () => {
    renderStaffPage('/staff/menu', '/staff/menu', StaffMenuPage);
    expect(await screen.findByText('Set A Unlimited Pork · ₱199 · featured')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark Set A Unlimited Pork unavailable' }));
    expect(await screen.findByText('Set A Unlimited Pork: The item is off the menu.')).toBeInTheDocument();
    expect(await screen.findByText('Off the menu (lea@samgyup.test)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark Set A Unlimited Pork available' }));
    expect(await screen.findByText('Set A Unlimited Pork: The item is on the menu again.')).toBeInTheDocument();
  });
});

describe('/staff/menu editing', () => {
  it('changes a price, refusing one that is not whole pesos with the shared message first', async () => {
    renderStaffPage('/staff/menu', '/staff/menu', StaffMenuPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Set A Unlimited Pork' }));
    const price = screen.getByLabelText('Price in pesos');
    await userEvent.clear(price);
    await userEvent.type(price, '209.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(menuMessages.priceRequired)).toBeInTheDocument();
    expect(saved).toBeNull();
    await userEvent.clear(price);
    await userEvent.type(price, '209');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Set A Unlimited Pork: Saved. The menu pages show the change.')).toBeInTheDocument();
    expect(saved).toMatchObject({ name: 'Set A Unlimited Pork', selling_price: 209, is_available: true });
  });
});
