import { readJson, sessionStore } from '@samgyup/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DRAFT_STORAGE_KEY, type ReservationDraft } from '../draft/reservation-draft';
import { fakeApi, logIn, reply, renderAt, setUpEachTest } from '../test/reservation-test-kit';
import { ReservationFormPage } from './reservation-form-page';

let tableCalls: string[];
let optionCalls: URLSearchParams[];
/** What seats a party in the fake restaurant: tables 3 (4 seats) and 1 (2 seats), and tables 9 + 10 joined for 16. */
const ALL_OPTIONS = [
  { table_id: 1, combination_id: null, table_numbers: [1], seats: 2 },
  { table_id: 3, combination_id: null, table_numbers: [3], seats: 4 },
  { table_id: 9, combination_id: 5, table_numbers: [9, 10], seats: 16 },
];
const NEXT_FREE = [{ date: '2026-11-25', time: '17:00' }];
function api(
  tables: () => Response = () =>
    reply(200, {
      success: true,
      data: [
        { id: 3, table_number: 3, capacity: 4 },
        { id: 1, table_number: 1, capacity: 2 },
      ],
    }),
) {
  tableCalls = [];
  optionCalls = [];
  return fakeApi({
    'GET /api/reservations/fully-booked-dates': () => reply(200, { success: true, data: [] }),
    'GET /api/tables/available': (url) => {
      tableCalls.push(url.search);
      return tables();
    },
    'GET /api/tables/options': (url) => {
      optionCalls.push(url.searchParams);
      const guests = Number(url.searchParams.get('guests'));
      const options = ALL_OPTIONS.filter((option) => option.seats >= guests);
      return reply(200, { success: true, data: { options, other_slots: options.length ? [] : NEXT_FREE, phone: '0917 123 4567' } });
    },
  });
}

setUpEachTest();
beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-23T04:00:00Z'), advanceTimers: true }));

const FROM_DATE_PAGE = '/reservation-form?date=24&month=November&year=2026&time=6%3A30+PM+-+8%3A00+PM';
const renderForm = (entry = FROM_DATE_PAGE) => renderAt('/reservation-form', entry, ReservationFormPage, ['/reservation-upload', '/login-reservation']);

async function fillContact() {
  await userEvent.clear(screen.getByLabelText('Name'));
  await userEvent.type(screen.getByLabelText('Name'), 'Ana Cruz');
  await userEvent.clear(screen.getByLabelText('Email'));
  await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
  await userEvent.type(screen.getByLabelText(/^Phone/), '0917 555 0142');
}

describe('/reservation-form', () => {
  it('starts with the date and slot from /reservation-date and loads the free tables for that exact date', async () => {
    api();
    renderForm();
    expect(screen.getByRole('button', { name: /November 24, 2026/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('radio', { name: '6:30 PM - 8:00 PM' })).toBeChecked();
    expect(await screen.findByRole('radio', { name: /Table 3/ })).toBeInTheDocument();
    expect(tableCalls[0]).toBe('?date=2026-11-24&time=18%3A30');
    expect(screen.getByLabelText('Guests')).toHaveValue(1);
  });

  it('has the calendar close button, as on /reservation-date, going to /reservation', () => {
    api();
    renderForm();
    expect(screen.getByRole('link', { name: 'Close calendar' })).toHaveAttribute('href', '/reservation');
  });

  it('gives every message of the first version for an empty form', async () => {
    api();
    renderForm('/reservation-form');
    expect(screen.getByText('Please select a date and time first to view available tables.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    // The form's check arrives in a chunk of its own (load-form-check.ts), so its messages show a moment later.
    for (const message of ['Name is required', 'Email is required', 'Phone number is required', 'Please select a date', 'Please select a table']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
  });

  it("says 'Unable to load tables. Please refresh the page or try again later.' when the tables cannot be loaded", async () => {
    api(() => reply(500, { success: false }));
    renderForm();
    expect(await screen.findByText('Unable to load tables. Please refresh the page or try again later.')).toBeInTheDocument();
  });

  it('does not offer a table too small for the group, and drops a choice that became too small', async () => {
    api();
    renderForm();
    await userEvent.click(await screen.findByRole('radio', { name: /Table 1/ }));
    await userEvent.clear(screen.getByLabelText('Guests'));
    await userEvent.type(screen.getByLabelText('Guests'), '3');
    expect(screen.getByRole('radio', { name: /Table 1/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Table 1/ })).not.toBeChecked();
    expect(screen.getByText('Seats 2: too small for 3')).toBeInTheDocument();
  });

  it('keeps the reservation and goes to /reservation-upload for a logged-in diner', async () => {
    logIn();
    api();
    const router = renderForm();
    expect(screen.getByLabelText('Name')).toHaveValue('Ana Cruz');
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
    await userEvent.type(screen.getByLabelText(/^Phone/), '0917 555 0142');
    await userEvent.clear(screen.getByLabelText('Guests'));
    await userEvent.type(screen.getByLabelText('Guests'), '4');
    await userEvent.type(screen.getByLabelText('Special occasion (optional)'), 'Birthday');
    await userEvent.click(await screen.findByRole('radio', { name: /Table 3/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(router.state.location.pathname).toBe('/reservation-upload');
    const draft = readJson<ReservationDraft>(DRAFT_STORAGE_KEY)!;
    expect(draft).toMatchObject({
      customer_name: 'Ana Cruz',
      email: 'ana@example.com',
      phone: '0917 555 0142',
      reservation_date: '2026-11-24',
      reservation_time: '18:30',
      time_label: '6:30 PM - 8:00 PM',
      table_id: 3,
      table_number: 3,
      number_of_guests: 4,
      occasion: 'Birthday',
      notes: null,
    });
    expect(draft.idempotency_key.length).toBeGreaterThanOrEqual(16);
  });

  it('starts with the phone the diner gave when registering', () => {
    sessionStore.signIn({ token: 'token-abc', user: { id: 4, first_name: 'Ana', last_name: 'Cruz', email: 'ana@example.com', phone: '+63 917 555 0142' } });
    api();
    renderForm();
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('+63 917 555 0142');
  });

  it('sends a diner who is not logged in to log in, keeping the reservation', async () => {
    api();
    const router = renderForm();
    await fillContact();
    await userEvent.click(await screen.findByRole('radio', { name: /Table 3/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(router.state.location.pathname).toBe('/login-reservation');
    expect(readJson<ReservationDraft>(DRAFT_STORAGE_KEY)?.table_id).toBe(3);
  });

  it('resumes a kept reservation with its table and the same idempotency key', async () => {
    logIn();
    api();
    localStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({
        customer_name: 'Ana Cruz',
        email: 'ana@example.com',
        phone: '0917',
        reservation_date: '2026-11-24',
        reservation_time: '17:00',
        time_label: '5:00 PM - 6:30 PM',
        table_id: 3,
        table_number: 3,
        number_of_guests: 2,
        occasion: null,
        notes: null,
        idempotency_key: 'kept-key-123456',
      }),
    );
    const router = renderForm('/reservation-form');
    expect(await screen.findByRole('radio', { name: /Table 3/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(router.state.location.pathname).toBe('/reservation-upload');
    expect(readJson<ReservationDraft>(DRAFT_STORAGE_KEY)?.idempotency_key).toBe('kept-key-123456');
  });

  it('offers joined tables for a group, best fit first, and "let the restaurant choose", never a table too small', async () => {
    logIn();
    api();
    renderForm();
    await userEvent.type(screen.getByLabelText(/^Phone/), '0917 555 0142');
    await userEvent.clear(screen.getByLabelText('Guests'));
    await userEvent.type(screen.getByLabelText('Guests'), '12');
    const joined = await screen.findByRole('radio', { name: 'Tables 9 + 10 · seats 16' });
    expect(optionCalls).toHaveLength(1);
    expect(screen.getByRole('radio', { name: /Table 3/ })).toBeDisabled();
    expect(screen.getByText('Seats 4: too small for 12')).toBeInTheDocument();
    await userEvent.click(joined);
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(readJson<ReservationDraft>(DRAFT_STORAGE_KEY)).toMatchObject({ table_id: 9, combination_id: 5, table_numbers: [9, 10], number_of_guests: 12 });
  });

  it('lets the restaurant choose the best table', async () => {
    logIn();
    api();
    renderForm();
    await userEvent.type(screen.getByLabelText(/^Phone/), '0917 555 0142');
    await userEvent.click(await screen.findByRole('radio', { name: 'Let the restaurant choose the best table' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(readJson<ReservationDraft>(DRAFT_STORAGE_KEY)).toMatchObject({ table_id: null, combination_id: null, best_table: true });
  });

  it('says when nothing seats the party: the other times that do, the waitlist for that size, and the phone', async () => {
    api();
    renderForm();
    await userEvent.clear(screen.getByLabelText('Guests'));
    await userEvent.type(screen.getByLabelText('Guests'), '20');
    expect(await screen.findByText('No table or joined tables seat 20 at this time.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the waitlist for 20 at this time' })).toHaveAttribute('href', '/reservation-waitlist?date=2026-11-24&time=18:30&guests=20');
    expect(await screen.findByRole('link', { name: '0917 123 4567' })).toHaveAttribute('href', 'tel:09171234567');
    await userEvent.click(screen.getByRole('button', { name: 'November 25, 2026, 5:00 PM - 6:30 PM' }));
    expect(screen.getByRole('radio', { name: '5:00 PM - 6:30 PM' })).toBeChecked();
    // The calendar's own day (the fake API offers the same time again for 20, so a second button may carry the date).
    expect(screen.getByRole('button', { name: /^Wednesday, November 25, 2026/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('clears the table when the date changes', async () => {
    api();
    renderForm();
    await userEvent.click(await screen.findByRole('radio', { name: /Table 3/ }));
    await userEvent.click(screen.getByRole('button', { name: /November 25, 2026/ }));
    expect(await screen.findByRole('radio', { name: /Table 3/ })).not.toBeChecked();
    expect(tableCalls.at(-1)).toBe('?date=2026-11-25&time=18%3A30');
  });
});

describe('/reservation-form drawn ahead of time (its first screen)', () => {
  it('shows the heading, the lead and a loading status, and no control a diner could type into before the script runs', async () => {
    const { renderToString } = await import('react-dom/server');
    const { MemoryRouter } = await import('react-router-dom');
    const html = renderToString(
      <MemoryRouter initialEntries={['/reservation-form']}>
        <ReservationFormPage />
      </MemoryRouter>,
    );
    expect(html).toContain('Reservation details');
    expect(html).toContain('Tell us who is coming, then choose the day, the time and your table.');
    expect(html).toMatch(/role="status"[^>]*>Loading the reservation form\.\.\.</);
    expect(html).not.toMatch(/<(form|input|button|select|textarea)\b/);
  });
});
