import { rememberApiAnswers } from '@samgyup/shared';
import type { StaffDashboard } from '@samgyup/shared/dashboard';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff, drawOnServer, drawForSignedInTablet } from '../test/staff-test-kit';
import { DashboardPage } from './dashboard-page';

// The chart library draws on a canvas jsdom has not got; the charts' text equivalents are what is tested here.
jest.mock('./dashboard-chart', () => ({
  __esModule: true,
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const days = <T extends object>(count: number, value: (index: number) => T): (T & { day: string })[] =>
  Array.from({ length: count }, (_, index) => ({ day: `2026-11-${String(index + 1).padStart(2, '0')}`, ...value(index) }));

const dashboard: StaffDashboard = {
  today: {
    date: '2026-11-25',
    slots: [
      { time: '17:00', bookings: 3, guests: 10 },
      { time: '20:00', bookings: 1, guests: 2 },
    ],
    seated_tables: 2,
    open_refill_requests: 5,
    pending_proofs: 1,
    active_tables: 10,
    seated_seats: 14,
    active_seats: 50,
    paid_online: 2,
    paid_by_proof: 1,
  },
  days: 25,
  bookings_per_day: days(25, (index) => ({ bookings: index === 20 ? 4 : 0, guests: index === 20 ? 14 : 0 })),
  slot_occupancy: [
    { time: '17:00', booked: 30, capacity: 250, guests: 600, seats: 1250 },
    { time: '18:30', booked: 5, capacity: 250, guests: 25, seats: 1250 },
  ],
  refills_per_hour: [
    { hour: 18, requests: 7 },
    { hour: 19, requests: 12 },
  ],
  top_refill_items: [
    { name: 'Pork', quantity: 40 },
    { name: 'Rice', quantity: 22 },
  ],
  reviews: { reviews: 3, average_rating: 4.33, per_day: days(25, (index) => ({ reviews: index === 24 ? 3 : 0, average_rating: index === 24 ? 4.33 : null })) },
};

beforeEach(() => {
  setUpApiForTests();
  fakeApi({ 'GET /api/staff/dashboard': () => reply(200, { data: dashboard }) });
});
afterEach(() => staffSessionStore.signOut());

describe('/staff (dashboard)', () => {
  it("shows today's figures and bookings by slot", async () => {
    signInStaff('staff');
    renderStaffPage('/staff', '/staff', DashboardPage);
    expect(await screen.findByRole('heading', { name: 'Today at a glance' })).toBeInTheDocument();
    const figure = (term: string) => screen.getByText(term).closest('div')!;
    expect(figure('Bookings today')).toHaveTextContent('4 12 guests');
    expect(figure('Seated tables')).toHaveTextContent('2 of 10 tables · 14 of 50 seats');
    expect(figure('Seated tables')).toHaveTextContent('2 of 10 tables');
    expect(figure('Open refill requests')).toHaveTextContent('5');
    expect(figure('Proofs to check')).toHaveTextContent('1');
    const slots = screen.getByRole('table', { name: 'Bookings by slot today' });
    expect(
      within(slots)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['SlotBookingsGuests', '5:00 PM - 6:30 PM310', '6:30 PM - 8:00 PM00', '8:00 PM - 9:30 PM12']);
  });

  it('gives every chart a summary and its figures as a table', async () => {
    signInStaff('staff');
    renderStaffPage('/staff', '/staff', DashboardPage);
    expect(await screen.findByText('4 bookings for 14 guests; busiest Nov 21 (14 guests).')).toBeInTheDocument();
    expect(screen.getByText('5:00 PM - 6:30 PM: 48% of seats; 6:30 PM - 8:00 PM: 2% of seats; 8:00 PM - 9:30 PM: 0% of seats.')).toBeInTheDocument();
    expect(screen.getByText('19 requests; most at 19:00 (12).')).toBeInTheDocument();
    expect(screen.getByText('Pork leads with 40.')).toBeInTheDocument();
    expect(screen.getByText('3 new reviews, 4.3 stars on average.')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /^Slot occupancy: / })).toBeInTheDocument();

    await userEvent.click(screen.getByText('Refill requests per hour: the figures'));
    const hours = screen.getAllByRole('table').find((table) => within(table).queryByText('Requests'))!;
    expect(within(hours).getByRole('row', { name: '19:00 12' })).toBeInTheDocument();
    expect(within(hours).getByRole('row', { name: '16:00 0' })).toBeInTheDocument();
  });

  it('says when the open requests are general refills that name no item', async () => {
    fakeApi({
      'GET /api/staff/dashboard': () =>
        reply(200, { data: { ...dashboard, today: { ...dashboard.today, open_refill_requests: 6 }, refills_per_hour: [{ hour: 18, requests: 6 }], top_refill_items: [] } }),
    });
    signInStaff('staff');
    renderStaffPage('/staff', '/staff', DashboardPage);
    expect(await screen.findByText('6 refill requests in the last 25 days, all general refills naming no items; 6 open now.')).toBeInTheDocument();
    expect(screen.queryByText('No refill requests yet.')).not.toBeInTheDocument();
  });

  it('says so when the figures cannot be loaded, and asks again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({ 'GET /api/staff/dashboard': () => reply(500, { success: false, message: 'Internal Server Error' }) });
    signInStaff('staff');
    renderStaffPage('/staff', '/staff', DashboardPage);
    expect(await screen.findByText('Unable to load the dashboard. Check the connection and try again.')).toBeInTheDocument();
    fakeApi({ 'GET /api/staff/dashboard': () => reply(200, { data: dashboard }) });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Today at a glance' })).toBeInTheDocument();
  });

  it('says so, keeping the console, when the answer is not the shape it reads, and asks again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({ 'GET /api/staff/dashboard': () => reply(200, { data: null }) });
    signInStaff('staff');
    renderStaffPage('/staff', '/staff', DashboardPage);
    expect(await screen.findByRole('alert')).toHaveTextContent("This screen could not be shown: the server's answer was not what it expected.");
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Staff console' })).toBeInTheDocument();
    fakeApi({ 'GET /api/staff/dashboard': () => reply(200, { data: dashboard }) });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Today at a glance' })).toBeInTheDocument();
  });

  it('draws a chart only once it comes near the visible part of the page', async () => {
    const observed: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      targets: Element[] = [];
      constructor(callback: IntersectionObserverCallback) {
        observed.push({ callback, targets: this.targets });
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {
        this.targets.length = 0;
      }
    };
    try {
      signInStaff('staff');
      renderStaffPage('/staff', '/staff', DashboardPage);
      expect(await screen.findByRole('heading', { name: 'Today at a glance' })).toBeInTheDocument();
      // Below today's figures: the panels and their tables are there, no chart is drawn yet.
      expect(screen.getByText('Slot occupancy: the figures')).toBeInTheDocument();
      expect(screen.queryAllByRole('img')).toEqual([]);

      const slots = observed.find(({ targets }) => targets.some((target) => target.textContent?.startsWith('Slot occupancy')))!;
      act(() => slots.callback([{ isIntersecting: true, target: slots.targets[0] } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(await screen.findByRole('img', { name: /^Slot occupancy: / })).toBeInTheDocument();
      expect(screen.getAllByRole('img')).toHaveLength(1);
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });
});

describe('/staff drawn on the site’s server for a signed-in staff member (docs/adr/0006-signed-in-first-screens.md)', () => {
  it('is the console with today’s figures, its controls shown disabled until the script runs', () => {
    const html = drawForSignedInTablet('/staff', DashboardPage, { '/api/staff/dashboard': { data: dashboard } }, 'admin');
    expect(html).toMatch(/Lea Santos(<!-- -->)? \((<!-- -->)?admin(<!-- -->)?\)/);
    // Plain markup the pages' CSP lets through: no style attribute, no status of a live feed that has not started.
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toContain('Live updates paused');
    // The charts are drawn by the script (a canvas): each waits with its status.
    expect(html).toContain('Drawing the chart…');
    expect(html).not.toMatch(/role="img"/);
    expect(html).toContain('Today at a glance');
    expect(html).toMatch(/Bookings today<\/dt><dd><strong>4<\/strong>/);
    // An admin's tabs, as the live console shows them.
    expect(html).toContain('>Audit log<');
    // No control a tap could be lost on: each one disabled.
    for (const control of html.match(/<(input|button|select|textarea)\b[^>]*>/g) ?? []) expect(control).toMatch(/\sdisabled=""/);
    expect(html).not.toMatch(/<form\b/);
    expect(html).not.toContain('Loading the console...');
  });

  it('without a login is the console’s bar and a loading status, as drawn at build', () => {
    rememberApiAnswers({ '/api/staff/dashboard': { data: dashboard } });
    const html = drawOnServer('/staff', DashboardPage);
    expect(html).toContain('Loading the console...');
    expect(html).not.toContain('Today at a glance');
  });

  it('starts in the browser from the figures it was drawn with, then reads them again quietly', async () => {
    signInStaff('staff');
    rememberApiAnswers({ '/api/staff/dashboard': { data: { ...dashboard, today: { ...dashboard.today, pending_proofs: 9 } } } });
    renderStaffPage('/staff', '/staff', DashboardPage);
    // At once, with no loading status in between.
    expect(screen.getByRole('heading', { name: 'Today at a glance' })).toBeInTheDocument();
    expect(screen.queryByText("Loading today's figures…")).not.toBeInTheDocument();
    // Then the fresh read replaces the drawn figures.
    expect(await screen.findByText((_text, element) => element?.tagName === 'DD' && element.textContent === '1')).toBeInTheDocument();
  });
});
