import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { rememberApiAnswers } from '@samgyup/shared';
import { drawForSignedInTablet, expectDrawnForTheScript, fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff } from '../test/staff-test-kit';
import { menuMessages, type PhotoVariants } from '@samgyup/shared/validation';
import { StaffMenuPage } from './staff-menu-page';

const setA = {
  id: 1,
  category: 'unlimited',
  name: 'Set A Unlimited Pork',
  description: '',
  selling_price: 199,
  is_premium: false,
  is_featured: true,
  is_available: true,
  availability_changed_by: null as string | null,
  retired_at: null as string | null,
  photo: null as PhotoVariants | null,
};
let available = true;
let photo: PhotoVariants | null = null;
let saved: unknown = null;
beforeEach(() => {
  saved = null;
  photo = null;
  setUpApiForTests();
  signInStaff();
  available = true;
  fakeApi({
    'GET /api/staff/menu-items': () =>
      reply(200, {
        data: [{ ...setA, is_available: available, availability_changed_by: available ? null : 'lea@samgyup.test', photo }],
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
    const row = (await screen.findByText('Set A Unlimited Pork', { selector: 'strong' })).closest('li')!;
    expect(row).toHaveTextContent('₱199 · featured');
    await userEvent.click(within(row).getByRole('button', { name: 'Mark unavailable (Set A Unlimited Pork)' }));
    // The outcome shows in the row the owner acted on, announced.
    expect(await within(row).findByRole('status')).toHaveTextContent('Set A Unlimited Pork: The item is off the menu.');
    expect(await within(row).findByText('Off the menu (lea@samgyup.test)')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Mark available (Set A Unlimited Pork)' }));
    expect(await within(row).findByText('Set A Unlimited Pork: The item is on the menu again.')).toBeInTheDocument();
  });

  it("shows each item's photo small, and one compact row of actions whose names say which item without repeating it on screen", async () => {
    photo = { path: '/api/photos/abc', widths: [320, 640], width: 1600, height: 1000, placeholder: '' };
    renderStaffPage('/staff/menu', '/staff/menu', StaffMenuPage);
    const row = (await screen.findByText('Set A Unlimited Pork', { selector: 'strong' })).closest('li')!;
    expect(row.querySelector('img.staff-menu__thumb')).toHaveAttribute('src', 'http://api.test/api/photos/abc/320.jpg');
    const names = within(row)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names.filter((text) => text?.includes('Set A Unlimited Pork'))).toEqual(
      // Only screen readers hear the name (visually hidden); the arrows are named by aria-label.
      ['Edit Set A Unlimited Pork', 'Mark unavailable (Set A Unlimited Pork)', 'Remove photo of Set A Unlimited Pork', 'Retire Set A Unlimited Pork'],
    );
    for (const name of ['Edit Set A Unlimited Pork', 'Move Set A Unlimited Pork up', 'Move Set A Unlimited Pork down', 'Retire Set A Unlimited Pork']) {
      expect(within(row).getByRole('button', { name })).toBeInTheDocument();
    }
  });
});

describe('/staff/menu editing', () => {
  it('changes a price, refusing one that is not whole pesos with the shared message first', async () => {
    renderStaffPage('/staff/menu', '/staff/menu', StaffMenuPage);
    const edit = await screen.findByRole('button', { name: 'Edit Set A Unlimited Pork' });
    await userEvent.click(edit);
    // Edit: focus on the form's first field; Cancel: back on the item's Edit button.
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit Set A Unlimited Pork' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Set A Unlimited Pork' }));
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
    // Save: the confirmation sits in the item's row, and focus is back on its Edit button.
    const edited = screen.getByRole('button', { name: 'Edit Set A Unlimited Pork' });
    await waitFor(() => expect(edited).toHaveFocus());
    expect(edited.closest('li')).toHaveTextContent('Set A Unlimited Pork: Saved. The menu pages show the change.');
  });
});

describe('/staff/menu drawn on the site’s server for a signed-in tablet (docs/adr/0006-signed-in-first-screens.md)', () => {
  const soldOut = { ...setA, id: 2, name: 'Beef Bulgogi', selling_price: 299, is_featured: false, is_available: false, availability_changed_by: 'lea@samgyup.test' };
  const retired = { ...setA, id: 3, name: 'Old Set C', retired_at: '2026-11-01T00:00:00Z' };

  it('is every item by section with its state, each button and photo picker shown disabled until the script runs', () => {
    const html = drawForSignedInTablet('/staff/menu', StaffMenuPage, { '/api/staff/menu-items': { data: [setA, soldOut, retired] } });
    expect(html).toContain('Set A Unlimited Pork');
    expect(html).toContain('Off the menu (lea@samgyup.test)');
    expect(html).toMatch(/Bring (<!-- -->)?Old Set C(<!-- -->)? back/);
    expect(html).not.toContain('Loading the menu…');
    expectDrawnForTheScript(html, 12);
  });

  it('starts in the browser from the menu it was drawn with, usable at once, then reads it again', async () => {
    rememberApiAnswers({ '/api/staff/menu-items': { data: [soldOut] } });
    renderStaffPage('/staff/menu', '/staff/menu', StaffMenuPage);
    expect(screen.getByRole('button', { name: 'Mark available (Beef Bulgogi)' })).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Mark unavailable (Set A Unlimited Pork)' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Mark available (Beef Bulgogi)' })).toBeNull();
  });
});
