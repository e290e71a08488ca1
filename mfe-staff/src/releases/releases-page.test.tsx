import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff } from '../test/staff-test-kit';
import { ReleasesPage } from './releases-page';

const health = (version: string, figures: object) => ({
  version,
  page_views: 40,
  failed_loads: 0,
  error_rate: 0,
  failed_load_rate: 0,
  lcp_p75_ms: 1200,
  inp_p75_ms: 80,
  ...figures,
});

const reviews = {
  part: 'mfe_reviews',
  label: 'Reviews',
  version: '0.1.2-abc',
  since: '2026-11-25T10:05:00.000Z',
  commit: 'c0ffee1234567890',
  uncommitted: false,
  previous: { version: '0.1.1-def', since: '2026-11-20T08:00:00.000Z' },
  health: health('0.1.2-abc', { error_rate: 0.25, lcp_p75_ms: 1300 }),
  previous_health: health('0.1.1-def', { error_rate: 0.02, page_views: 900 }),
};
const shell = { part: 'shell', label: 'Shell', version: '0.1.0-aaa', since: null, commit: null, uncommitted: null, previous: null, health: null, previous_health: null };

let answer: () => Response;
beforeEach(() => {
  setUpApiForTests();
  answer = () => reply(200, { data: { registry: true, parts: [shell, reviews] } });
  fakeApi({ 'GET /api/staff/releases': () => answer() });
});
afterEach(() => staffSessionStore.signOut());

describe('/staff/releases', () => {
  it('is for admins only', () => {
    signInStaff('staff');
    renderStaffPage('/staff/releases', '/staff/releases', ReleasesPage);
    expect(screen.getByRole('alert')).toHaveTextContent("Only an admin can see the site's releases.");
  });

  it('shows each part’s live version, since when, its commit, and its health beside the version before, marking what got worse', async () => {
    signInStaff('admin');
    renderStaffPage('/staff/releases', '/staff/releases', ReleasesPage);
    expect(screen.getByText('Loading the releases…')).toHaveAttribute('role', 'status');
    const part = await screen.findByRole('region', { name: 'Reviews' });
    expect(within(part).getByText('0.1.2-abc')).toBeInTheDocument();
    expect(within(part).getByText('commit c0ffee1234')).toBeInTheDocument();
    const table = within(part).getByRole('table', { name: 'Reviews: 0.1.2-abc against 0.1.1-def' });
    const row = (name: string) =>
      within(table)
        .getByRole('row', { name: new RegExp(`^${name}`) })
        .textContent?.replace(/\s+/g, ' ');
    expect(row('Errors per page view')).toBe('Errors per page view25.0% (worse)2.0%');
    expect(row('Page views')).toBe('Page views40900');
    expect(row('Largest contentful paint')).toBe('Largest contentful paint, p751300 ms1200 ms');
    expect(row('Interaction to next paint')).toBe('Interaction to next paint, p7580 ms80 ms');
    const shellPart = screen.getByRole('region', { name: 'Shell' });
    expect(within(shellPart).getByText("No reports from diners' browsers yet.")).toBeInTheDocument();
    expect(within(shellPart).getByText('not recorded (built before builds said so)')).toBeInTheDocument();
  });

  it('says when the restaurant system cannot read the release registry', async () => {
    signInStaff('admin');
    answer = () => reply(200, { data: { registry: false, parts: [] } });
    renderStaffPage('/staff/releases', '/staff/releases', ReleasesPage);
    expect(await screen.findByText(/cannot read the release registry/)).toBeInTheDocument();
  });

  it('offers to try again when the releases could not be loaded', async () => {
    signInStaff('admin');
    answer = () => reply(500, { success: false, message: 'Internal error' });
    renderStaffPage('/staff/releases', '/staff/releases', ReleasesPage);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load the releases.');
    answer = () => reply(200, { data: { registry: true, parts: [] } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing is released yet.')).toBeInTheDocument();
  });
});
