import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { rememberApiAnswers } from '@samgyup/shared';
import { drawForSignedInTablet, expectDrawnForTheScript, fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff } from '../test/staff-test-kit';
import { StaffPromosPage } from './staff-promos-page';

const birthday = { id: 1, title: 'Birthday Treat', summary: 'Free for the celebrant.', terms: ['Bring 4 friends.'], starts_on: null, ends_on: null, is_hidden: false, photo: null };
let sent: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  setUpApiForTests();
  signInStaff();
  sent = [];
  fakeApi({
    'GET /api/staff/promos': () => reply(200, { data: [birthday] }),
    'POST /api/staff/promos': (url, init) => {
      sent.push({ method: 'POST', url: String(url), body: JSON.parse(String(init.body)) });
      return reply(201, { message: 'The promo is on /promos.', data: { id: 2 } });
    },
    'PUT /api/staff/promos/1': (url, init) => {
      sent.push({ method: 'PUT', url: String(url), body: JSON.parse(String(init.body)) });
      return reply(200, { message: 'Saved. The promo is hidden from /promos.' });
    },
  });
});
afterEach(() => staffSessionStore.signOut());

describe('/staff/promos', () => {
  it('creates a promo with its terms one per line, refusing an end before the start first', async () => {
    renderStaffPage('/staff/promos', '/staff/promos', StaffPromosPage);
    await userEvent.click(await screen.findByRole('button', { name: 'New promo' }));
    await userEvent.type(screen.getByLabelText('Title'), 'Rainy Day');
    await userEvent.type(screen.getByLabelText('Terms, one per line'), 'Walk-ins only.{enter}{enter}Not with other promos.');
    await userEvent.type(screen.getByLabelText('First day (optional)'), '2026-12-10');
    await userEvent.type(screen.getByLabelText('Last day (optional)'), '2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Add the promo' }));
    expect(await screen.findByText('The promo cannot end before it starts.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.clear(screen.getByLabelText('Last day (optional)'));
    await userEvent.click(screen.getByRole('button', { name: 'Add the promo' }));
    expect(await screen.findByText('Rainy Day: The promo is on /promos.')).toBeInTheDocument();
    expect(sent[0].body).toEqual({
      title: 'Rainy Day',
      summary: '',
      terms: ['Walk-ins only.', 'Not with other promos.'],
      starts_on: '2026-12-10',
      ends_on: null,
      is_hidden: false,
    });
  });

  it('hides a promo, sending it whole', async () => {
    renderStaffPage('/staff/promos', '/staff/promos', StaffPromosPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Hide Birthday Treat' }));
    expect(await screen.findByText('Birthday Treat: Saved. The promo is hidden from /promos.')).toBeInTheDocument();
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: expect.stringContaining('/api/staff/promos/1'),
      body: { title: 'Birthday Treat', summary: 'Free for the celebrant.', terms: ['Bring 4 friends.'], starts_on: null, ends_on: null, is_hidden: true },
    });
  });
});

describe('/staff/promos drawn on the site’s server for a signed-in tablet (docs/adr/0006-signed-in-first-screens.md)', () => {
  const rainy = {
    ...birthday,
    id: 2,
    title: 'Rainy Day',
    is_hidden: true,
    photo: { path: '/uploads/promos/2/ab12', widths: [320, 960], width: 1600, height: 1000, placeholder: 'data:image/webp;base64,UklGRg' },
  };

  it('is every promo with its state and photo, each button and the photo picker shown disabled until the script runs', () => {
    const html = drawForSignedInTablet('/staff/promos', StaffPromosPage, { '/api/staff/promos': { data: [birthday, rainy] } });
    expect(html).toContain('Birthday Treat');
    expect(html).toContain('On /promos');
    expect(html).toContain('Show Rainy Day');
    expect(html).toContain('/uploads/promos/2/ab12/320.jpg');
    expect(html).not.toContain('Loading the promos…');
    expectDrawnForTheScript(html, 12);
  });

  it('starts in the browser from the promos it was drawn with, usable at once, then reads them again', async () => {
    rememberApiAnswers({ '/api/staff/promos': { data: [rainy] } });
    renderStaffPage('/staff/promos', '/staff/promos', StaffPromosPage);
    expect(screen.getByRole('button', { name: 'Show Rainy Day' })).toBeEnabled();
    expect(screen.getByLabelText('Change photo of Rainy Day')).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Hide Birthday Treat' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Show Rainy Day' })).toBeNull();
  });
});
