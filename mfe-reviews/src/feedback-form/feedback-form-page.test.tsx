import { readJson, sessionStore, setRuntimeConfig } from '@samgyup/shared';
import { resetRuntimeConfigForTests } from '@samgyup/shared/testing';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { FEEDBACK_DRAFT_KEY, FeedbackFormPage } from './feedback-form-page';

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/feedback-form', element: <FeedbackFormPage /> },
      { path: '/feedback-submitted', element: <p>Thanks page</p> },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: ['/feedback-form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function logIn() {
  sessionStore.signIn({ token: 'token-abc', user: { id: 4, first_name: 'Ana', last_name: 'Cruz', email: 'ana@example.com' } });
}

let alerts: string[];
beforeEach(() => {
  resetRuntimeConfigForTests();
  setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  localStorage.clear();
  alerts = [];
  jest.spyOn(window, 'alert').mockImplementation((message) => void alerts.push(String(message)));
  global.fetch = jest.fn().mockResolvedValue(reply(201, { success: true, message: 'Thank you for your feedback!' }));
});
afterEach(() => {
  sessionStore.signOut();
  jest.restoreAllMocks();
});

async function fillReview(stars: string, text: string) {
  await userEvent.click(screen.getByRole('radio', { name: stars }));
  await userEvent.type(screen.getByLabelText('Your review'), text);
}

describe('/feedback-form', () => {
  it('has a photo pick, a 1–5 star rating, the review text and Submit', () => {
    logIn();
    renderForm();
    expect(screen.getByLabelText('Add a photo (optional)')).toHaveAttribute('type', 'file');
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByRole('radio', { name: '1 star' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your review')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('sends the review with the bearer token and goes to /feedback-submitted', async () => {
    logIn();
    const router = renderForm();
    await fillReview('5 stars', '  Best samgyup in Bulacan  ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thanks page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/feedback-submitted');
    const [url, init] = (global.fetch as jest.Mock).mock.calls[0];
    expect(url).toBe('http://api.test/api/feedback');
    expect(init.method).toBe('POST');
    expect(init.headers.Authorization).toBe('Bearer token-abc');
    expect(JSON.parse(init.body)).toEqual({
      customer_name: 'Ana Cruz',
      email: 'ana@example.com',
      feedback_type: 'general',
      rating: 5,
      feedback_text: 'Best samgyup in Bulacan',
    });
    expect(readJson(FEEDBACK_DRAFT_KEY)).toBeNull();
  });

  it("alerts 'Please provide a rating and write your review.' without a rating or without text", async () => {
    logIn();
    renderForm();
    await userEvent.type(screen.getByLabelText('Your review'), 'No stars given');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await userEvent.clear(screen.getByLabelText('Your review'));
    await userEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alerts).toEqual(['Please provide a rating and write your review.', 'Please provide a rating and write your review.']);
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('asks a visitor who is not logged in to log in, keeping what they wrote', async () => {
    const router = renderForm();
    await fillReview('4 stars', 'Great service');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alerts).toEqual(['Please log in to submit feedback.']);
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?redirect=/feedback-form');
    expect(global.fetch).not.toHaveBeenCalled();
    // Back on the form after logging in, the draft is still there.
    logIn();
    await act(() => router.navigate('/feedback-form'));
    expect(await screen.findByLabelText('Your review')).toHaveValue('Great service');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
  });

  it("shows the server's message when the review is refused, and keeps the review", async () => {
    logIn();
    global.fetch = jest.fn().mockResolvedValue(reply(429, { success: false, message: 'You can post up to 3 reviews a day. Please try again tomorrow.' }));
    renderForm();
    await fillReview('2 stars', 'Too salty');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can post up to 3 reviews a day. Please try again tomorrow.');
    expect(alerts).toEqual(['You can post up to 3 reviews a day. Please try again tomorrow.']);
    expect(screen.getByLabelText('Your review')).toHaveValue('Too salty');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it("falls back to 'Failed to submit feedback' when the server gives no message", async () => {
    logIn();
    global.fetch = jest.fn().mockResolvedValue(new Response('oops', { status: 500 }));
    renderForm();
    await fillReview('1 star', 'Cold grill');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to submit feedback$/);
  });

  it('says to check the connection when the network fails', async () => {
    logIn();
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    renderForm();
    await fillReview('5 stars', 'Yum');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit feedback. Please check your connection and try again.');
  });

  it('shows a picked photo on the page without sending it, and refuses a non-image', async () => {
    logIn();
    URL.createObjectURL = jest.fn(() => 'blob:photo');
    URL.revokeObjectURL = jest.fn();
    renderForm();
    const input = screen.getByLabelText('Add a photo (optional)');
    await userEvent.upload(input, new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose an image file');
    await userEvent.upload(input, new File(['png'], 'grill.png', { type: 'image/png' }));
    expect(screen.getByRole('img', { name: 'Your photo: grill.png' })).toHaveAttribute('src', 'blob:photo');
    await fillReview('5 stars', 'Look at this grill');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Thanks page');
    const body = (global.fetch as jest.Mock).mock.calls[0][1].body;
    expect(typeof body).toBe('string');
    expect(body).not.toContain('grill.png');
  });
});
