import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff } from '../test/staff-test-kit';
import { StaffReviewsPage } from './staff-reviews-page';

let sent: { path: string; body: unknown }[];
beforeEach(() => {
  setUpApiForTests();
  signInStaff();
  sent = [];
  fakeApi({
    'GET /api/staff/feedback': () =>
      reply(200, {
        data: [
          {
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
          },
        ],
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
