import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, reply, renderAt, restaurantSettings, setUpApi } from '../test/reservation-test-kit';
import { ReservationDatePage } from './reservation-date-page';

const bookedAnswers: Record<string, unknown[]> = { '2026-11': ['2026-11-27'], '2026-12': ['2026-12-10'] };

const ownerSettings = () => reply(200, { success: true, data: restaurantSettings({ closed_dates: [{ date: '2026-11-30', reason: 'Private event' }], closed_slots: ['20:00'] }) });

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-23T04:00:00Z'), advanceTimers: true });
  setUpApi();
  fakeApi({
    'GET /api/restaurant-settings': ownerSettings,
    'GET /api/reservations/fully-booked-dates': (url) =>
      reply(200, { success: true, data: bookedAnswers[`${url.searchParams.get('year')}-${url.searchParams.get('month')!.padStart(2, '0')}`] ?? [] }),
  });
});
afterEach(() => jest.useRealTimers());

const day = (label: RegExp) => screen.getByRole('button', { name: label });
/** The page, once the owner's settings are in (November 30 is closed for a private event). */
async function renderPage() {
  const router = renderAt('/reservation-date', '/reservation-date', ReservationDatePage, ['/reservation-form', '/reservation']);
  await screen.findByRole('button', { name: /November 30, 2026, closed: Private event/ });
  return router;
}

describe('/reservation-date', () => {
  it('shows the month and year, weekday labels SUN–SAT, the legend and the three slots with the first chosen', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT']);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Today', 'Available', 'Fully Booked', 'Past', 'Closed (striped)']);
    expect(screen.getByRole('radio', { name: '5:00 PM - 6:30 PM' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '6:30 PM - 8:00 PM' })).not.toBeChecked();
    // The owner closed the last slot: shown, not choosable.
    expect(screen.getByRole('radio', { name: '8:00 PM - 9:30 PM (no bookings)' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Close calendar' })).toHaveAttribute('href', '/reservation');
    expect(screen.getByLabelText('Month')).toHaveValue('11');
    expect(screen.getByLabelText('Year')).toHaveValue('2026');
    expect(within(screen.getByLabelText('Year')).getAllByRole('option')).toHaveLength(200);
  });

  it('marks past, today, fully booked and available days, and lets only available ones be chosen', async () => {
    await renderPage();
    expect(await screen.findByRole('button', { name: /November 27, 2026, fully booked/ })).toHaveAttribute('aria-disabled', 'true');
    expect(day(/November 22, 2026, past/)).toHaveAttribute('aria-disabled', 'true');
    expect(day(/November 23, 2026, today/)).toHaveAttribute('aria-disabled', 'true');
    expect(day(/November 24, 2026, available/)).toHaveAttribute('aria-disabled', 'false');

    const next = screen.getByRole('button', { name: 'Next' });
    await userEvent.click(day(/November 22, 2026/));
    await userEvent.click(day(/November 27, 2026/));
    expect(next).toBeDisabled();
    await userEvent.click(day(/November 24, 2026/));
    expect(day(/November 24, 2026/)).toHaveAttribute('aria-pressed', 'true');
    expect(next).toBeEnabled();
  });

  it('clears the chosen date when the month changes, by arrows or by the dropdowns', async () => {
    await renderPage();
    await userEvent.click(day(/November 24, 2026/));
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: /December 10, 2026, fully booked/ })).toBeInTheDocument();

    await userEvent.click(day(/December 11, 2026/));
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2027');
    expect(screen.getByRole('heading', { name: 'December 2027' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Month'), '3');
    expect(screen.getByRole('heading', { name: 'March 2027' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { name: 'February 2027' })).toBeInTheDocument();
  });

  it('shows a day the owner closed as not bookable, and says why when it is chosen', async () => {
    await renderPage();
    const closed = day(/November 30, 2026, closed/);
    expect(closed).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(closed);
    expect(screen.getByText('November 30: we are closed (Private event). Please choose another day.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('moves between days with the arrow keys', async () => {
    await renderPage();
    act(() => day(/November 24, 2026/).focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(day(/November 25, 2026/)).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(day(/November 18, 2026/)).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowLeft}');
    expect(day(/November 24, 2026/)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(day(/November 24, 2026/)).toHaveAttribute('aria-pressed', 'true');
  });

  it('carries date, month name, year and time to /reservation-form', async () => {
    const router = await renderPage();
    await userEvent.click(screen.getByRole('radio', { name: '6:30 PM - 8:00 PM' }));
    await userEvent.click(day(/November 24, 2026/));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.pathname).toBe('/reservation-form');
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ date: '24', month: 'November', year: '2026', time: '6:30 PM - 8:00 PM', guests: '1' });
  });

  it('shows the days and slots that seat the party, and carries its size to the form', async () => {
    fakeApi({
      'GET /api/restaurant-settings': ownerSettings,
      'GET /api/reservations/fully-booked-dates': (url) =>
        reply(200, { success: true, data: url.searchParams.get('guests') === '20' ? ['2026-11-25', '2026-11-27'] : ['2026-11-27'] }),
      'GET /api/tables/full-slots': (url) =>
        reply(200, { success: true, data: url.searchParams.get('guests') === '20' && url.searchParams.get('date') === '2026-11-24' ? ['18:30'] : [] }),
    });
    const router = await renderPage();
    expect(await screen.findByRole('button', { name: /November 25, 2026, available/ })).toBeInTheDocument();
    const guests = screen.getByLabelText('Guests');
    await userEvent.clear(guests);
    await userEvent.type(guests, '20');
    expect(await screen.findByRole('button', { name: /November 25, 2026, fully booked/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(day(/November 24, 2026/));
    expect(await screen.findByRole('radio', { name: '6:30 PM - 8:00 PM (full for 20)' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: '5:00 PM - 6:30 PM' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(new URLSearchParams(router.state.location.search).get('guests')).toBe('20');
  });

  it('still lets the diner choose when the fully-booked days cannot be checked', async () => {
    fakeApi({ 'GET /api/restaurant-settings': ownerSettings, 'GET /api/reservations/fully-booked-dates': () => reply(500, { success: false }) });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderPage();
    expect(await screen.findByText(/We could not check which days are fully booked/)).toBeInTheDocument();
    await userEvent.click(day(/November 27, 2026/));
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
