import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { rememberApiAnswers } from '@samgyup/shared';
import { drawForSignedInTablet, expectDrawnForTheScript, fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff } from '../test/staff-test-kit';
import { StaffReviewsPage } from './staff-reviews-page';

const anaReview = {
  id: 3,
  customer_name: 'Ana Cruz',
  email: 'a@x.ph',
  rating: 5,
  feedback_text: '<b>Great</b> liempo',
  created_at: '2026-11-20T02:00:00Z',
  admin_response: null,
  admin_response_by: null,
  is_published: true,
  hidden_by: null,
};
let sent: { path: string; body: unknown }[];
beforeEach(() => {
  setUpApiForTests();
  signInStaff();
  sent = [];
  fakeApi({
    'GET /api/staff/feedback': () =>
      reply(200, {
        data: [anaReview],
      }),
    'PUT /api/staff/feedback/3/response': (url, init) => {
      sent.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return reply(200, { message: 'Response saved. It shows under the review.' });
    },
    'PATCH /api/staff/feedback/3': (url, init) => {
      sent.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return reply(200, { message: 'The review is hidden.' });
    },
  });
});
afterEach(() => staffSessionStore.signOut());

describe('/staff/reviews', () => {
  it('shows each review as text, saves a response and hides the review', async () => {
    renderStaffPage('/staff/reviews', '/staff/reviews', StaffReviewsPage);
    const review = await screen.findByRole('article', { name: 'Review by Ana Cruz' });
    expect(within(review).getByText('<b>Great</b> liempo')).toBeInTheDocument();
    expect(within(review).getByText('Rated 5 out of 5')).toBeInTheDocument();
    await userEvent.type(within(review).getByLabelText("Restaurant's response"), 'Salamat po!');
    await userEvent.click(within(review).getByRole('button', { name: 'Save response' }));
    expect(await screen.findByText('Response saved. It shows under the review.')).toBeInTheDocument();
    await userEvent.click(within(review).getByRole('button', { name: 'Hide review' }));
    expect(await screen.findByText('The review is hidden.')).toBeInTheDocument();
    expect(sent).toEqual([
      { path: '/api/staff/feedback/3/response', body: { response: 'Salamat po!' } },
      { path: '/api/staff/feedback/3', body: { is_published: false } },
    ]);
  });
});

describe('/staff/reviews drawn on the site’s server for a signed-in tablet (docs/adr/0006-signed-in-first-screens.md)', () => {
  const hidden = {
    ...anaReview,
    id: 4,
    customer_name: 'Ben Reyes',
    rating: 2,
    feedback_text: 'Slow refills',
    admin_response: 'Sorry, Ben.',
    is_published: false,
    hidden_by: 'lea@samgyup.test',
  };

  it('is every review with its answer, each field and button shown disabled until the script runs', () => {
    const html = drawForSignedInTablet('/staff/reviews', StaffReviewsPage, { '/api/staff/feedback': { data: [anaReview, hidden] } });
    expect(html).toContain('aria-label="Review by Ana Cruz"');
    expect(html).toContain('&lt;b&gt;Great&lt;/b&gt; liempo');
    expect(html).toContain('Sorry, Ben.');
    expect(html).toContain('Show review');
    expect(html).not.toContain('Loading reviews…');
    expectDrawnForTheScript(html, 6);
  });

  it('starts in the browser from the reviews it was drawn with, usable at once, then reads them again', async () => {
    rememberApiAnswers({ '/api/staff/feedback': { data: [hidden] } });
    renderStaffPage('/staff/reviews', '/staff/reviews', StaffReviewsPage);
    const drawn = screen.getByRole('article', { name: 'Review by Ben Reyes' });
    expect(within(drawn).getByRole('button', { name: 'Show review' })).toBeEnabled();
    expect(within(drawn).getByLabelText("Restaurant's response")).toBeEnabled();
    expect(await screen.findByRole('article', { name: 'Review by Ana Cruz' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Review by Ben Reyes' })).toBeNull();
  });
});
