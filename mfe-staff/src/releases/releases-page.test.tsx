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
  canary: null,
  decisions: [],
  series: [],
};
const shell = {
  part: 'shell',
  label: 'Shell',
  version: '0.1.0-aaa',
  since: null,
  commit: null,
  uncommitted: null,
  previous: null,
  health: null,
  previous_health: null,
  canary: null,
  decisions: [],
  series: [],
};
const overview = (parts: object[]) => ({ data: { registry: true, hours: 6, step_minutes: 15, parts } });

// Whole quarter hours: the chart's steps are the API's.
const quarterAgo = (quarters: number) => new Date((Math.floor(Date.now() / 900_000) - quarters) * 900_000).toISOString();
const menusWithCanary = {
  ...reviews,
  part: 'mfe_menus',
  label: 'Menus',
  version: '1.0.0-live',
  previous: null,
  previous_health: null,
  health: health('1.0.0-live', { page_views: 30, error_rate: 0 }),
  canary: { version: '1.1.0-new', percent: 10, since: quarterAgo(1), commit: 'abcdef1234567', uncommitted: false, health: health('1.1.0-new', { page_views: 4, error_rate: 0.5 }) },
  decisions: [
    { version: '1.1.0-new', action: 'canary', at: quarterAgo(1), reason: '10% of visitors' },
    { version: '0.9.0-bad', action: 'canary-rollback', at: quarterAgo(2), by: 'judge', reason: 'errors per page view 100.0% against 0.0% for the live version, over 6 page views' },
  ],
  series: [
    { at: quarterAgo(1), version: '1.0.0-live', page_views: 30, failed_loads: 0, errors: 0 },
    { at: quarterAgo(1), version: '1.1.0-new', page_views: 4, failed_loads: 1, errors: 2 },
  ],
};

let answer: () => Response;
let actions: { url: string; body: unknown }[];
beforeEach(() => {
  setUpApiForTests();
  actions = [];
  answer = () => reply(200, overview([shell, reviews]));
  fakeApi({
    'GET /api/staff/releases': () => answer(),
    'POST /api/staff/releases/mfe_menus/canary/promote': (url, init) => {
      actions.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      return reply(200, { success: true, message: 'mfe_menus 1.1.0-new is live for every visitor.' });
    },
  });
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
    answer = () => reply(200, overview([]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing is released yet.')).toBeInTheDocument();
  });

  it('shows a canary beside the live version, its figures over the last hours, the recent decisions, and promotes it once confirmed', async () => {
    signInStaff('admin');
    answer = () => reply(200, overview([menusWithCanary]));
    renderStaffPage('/staff/releases', '/staff/releases', ReleasesPage);
    const part = await screen.findByRole('region', { name: 'Menus' });
    expect(within(part).getByText(/^1\.1\.0-new for 10% of visitors, since/)).toBeInTheDocument();
    const table = within(part).getByRole('table', { name: 'Menus: 1.0.0-live and canary 1.1.0-new against no earlier version' });
    expect(
      within(table)
        .getByRole('row', { name: /^Errors per page view/ })
        .textContent?.replace(/\s+/g, ' '),
    ).toBe('Errors per page view0.0%50.0% (worse)none');
    // Each chart says its figures in a table too (in a closed <details>).
    expect(within(part).getByText('Menus: errors per page view (highest 50.0%)')).toBeInTheDocument();
    expect(within(part).getAllByRole('cell', { name: '50.0%' }).length).toBeGreaterThan(0);
    // The canary's 4 page views: in the health table and in the page views chart's.
    expect(within(part).getAllByRole('cell', { name: '4' })).toHaveLength(2);
    expect(within(part).getByText(/canary 0\.9\.0-bad rolled back, by the automatic judge \(errors per page view 100\.0% against 0\.0%/)).toBeInTheDocument();
    expect(within(part).getByText(/canary 1\.1\.0-new started for 10% of visitors, by a release command/)).toBeInTheDocument();

    await userEvent.click(within(part).getByRole('button', { name: 'Promote 1.1.0-new' }));
    const dialog = screen.getByRole('dialog', { name: 'Promote Menus 1.1.0-new?' });
    expect(dialog).toHaveTextContent('Every visitor will get 1.1.0-new instead of 1.0.0-live, within a second.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Promote to every visitor' }));
    expect(await screen.findByText('mfe_menus 1.1.0-new is live for every visitor.')).toHaveAttribute('role', 'status');
    expect(actions).toEqual([{ url: expect.stringContaining('/api/staff/releases/mfe_menus/canary/promote'), body: { version: '1.1.0-new' } }]);
  });

  it('does nothing when the admin cancels', async () => {
    signInStaff('admin');
    answer = () => reply(200, overview([menusWithCanary]));
    renderStaffPage('/staff/releases', '/staff/releases', ReleasesPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Roll back 1.1.0-new' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll back Menus 1.1.0-new?' });
    expect(dialog).toHaveTextContent('The 10% of visitors on 1.1.0-new will get 1.0.0-live again, within a second.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(actions).toEqual([]);
  });
});
