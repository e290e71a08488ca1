import { setRuntimeConfig } from '@samgyup/shared';
import { resetRuntimeConfigForTests } from '@samgyup/shared/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReviewsSection } from './reviews-section';

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function reviews(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    customer_name: `Diner ${index + 1}`,
    rating: (index % 5) + 1,
    created_at: `2026-0${(index % 9) + 1}-15T10:00:00.000Z`,
    feedback_text: `Review number ${index + 1}`,
  }));
}

function serve(data: unknown[]) {
  global.fetch = jest.fn().mockResolvedValue(reply(200, { success: true, data }));
}

const shownAuthors = () => screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);

beforeEach(() => {
  resetRuntimeConfigForTests();
  setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('customer reviews section', () => {
  it("shows 'Loading customer reviews...' while waiting, from GET /api/feedback/public", async () => {
    serve(reviews(3));
    render(<ReviewsSection />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading customer reviews...');
    await screen.findAllByRole('article');
    expect((global.fetch as jest.Mock).mock.calls[0][0]).toBe('http://api.test/api/feedback/public');
  });

  it('says so when the reviews cannot be loaded, and loads again on Try again', async () => {
    global.fetch = jest
      .fn()
      .mockResolvedValueOnce(reply(500, { success: false, message: 'Failed to fetch feedback' }))
      .mockResolvedValueOnce(reply(200, { success: true, data: reviews(1) }));
    render(<ReviewsSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load reviews at the moment. Please try again later.');
    expect(screen.queryByText('Failed to fetch feedback')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Diner 1' })).toBeInTheDocument();
  });

  it('treats success: false as a failure', async () => {
    global.fetch = jest.fn().mockResolvedValue(reply(200, { success: false, message: 'Failed to fetch feedback' }));
    render(<ReviewsSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load reviews at the moment.');
  });

  it("shows 'No customer reviews available yet.' for an empty list", async () => {
    serve([]);
    render(<ReviewsSection />);
    expect(await screen.findByText('No customer reviews available yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next review' })).not.toBeInTheDocument();
  });

  it('shows 2 reviews with name, initials avatar, long date, stars and text', async () => {
    serve([
      { id: 7, customer_name: 'Maria Santos', rating: 4, created_at: '2026-11-02T09:00:00.000Z', feedback_text: 'Sulit!' },
      { id: 8, customer_name: '', rating: 5, created_at: '2026-10-30T09:00:00.000Z', feedback_text: 'Yum' },
      ...reviews(1),
    ]);
    const { container } = render(<ReviewsSection />);
    const [first, second] = await screen.findAllByRole('article');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(within(first).getByRole('heading', { name: 'Maria Santos' })).toBeInTheDocument();
    expect(within(first).getByText('November 2, 2026')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Rated 4 out of 5' })).toHaveTextContent('★★★★★');
    expect(within(first).getByText('Sulit!')).toBeInTheDocument();
    expect(first.querySelector('.review-avatar')).toHaveTextContent('MS');
    expect(within(second).getByRole('heading', { name: 'Anonymous Customer' })).toBeInTheDocument();
    expect(second.querySelector('.review-avatar')).toHaveTextContent('AC');
    // No external avatar service: no images at all in the cards.
    expect(container.querySelectorAll('article img')).toHaveLength(0);
  });

  it('shows the restaurant response under a review that has one', async () => {
    serve([
      { ...reviews(1)[0], admin_response: 'Thank you, see you again!' },
      { ...reviews(2)[1], admin_response: null },
    ]);
    render(<ReviewsSection />);
    const [answered, unanswered] = await screen.findAllByRole('article');
    expect(within(answered).getByText('Thank you, see you again!')).toBeInTheDocument();
    expect(within(answered).getByText('Response from Samgyup Plaridel')).toBeInTheDocument();
    expect(within(unanswered).queryByText(/Response from/)).not.toBeInTheDocument();
  });

  it('moves by 1 with the arrows and wraps around both ways', async () => {
    serve(reviews(5));
    render(<ReviewsSection />);
    await screen.findAllByRole('article');
    expect(shownAuthors()).toEqual(['Diner 1', 'Diner 2']);
    await userEvent.click(screen.getByRole('button', { name: 'Next review' }));
    expect(shownAuthors()).toEqual(['Diner 2', 'Diner 3']);
    await userEvent.click(screen.getByRole('button', { name: 'Previous review' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous review' }));
    expect(shownAuthors()).toEqual(['Diner 5', 'Diner 1']);
    await userEvent.click(screen.getByRole('button', { name: 'Next review' }));
    expect(shownAuthors()).toEqual(['Diner 1', 'Diner 2']);
  });

  it('has one dot per pair that jumps by 2, and marks the current one', async () => {
    serve(reviews(5));
    render(<ReviewsSection />);
    await screen.findAllByRole('article');
    const dots = screen.getAllByRole('button', { name: /^Show review/ });
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual(['Show reviews 1 and 2', 'Show reviews 3 and 4', 'Show review 5']);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    await userEvent.click(dots[1]);
    expect(shownAuthors()).toEqual(['Diner 3', 'Diner 4']);
    expect(dots[1]).toHaveAttribute('aria-current', 'true');
    expect(dots[0]).not.toHaveAttribute('aria-current');
    await userEvent.click(dots[2]);
    expect(shownAuthors()).toEqual(['Diner 5', 'Diner 1']);
  });

  it('announces the reviews on show to screen readers', async () => {
    serve(reviews(4));
    render(<ReviewsSection />);
    await screen.findAllByRole('article');
    expect(screen.getByText('Showing reviews 1 and 2 of 4')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next review' }));
    expect(screen.getByText('Showing reviews 2 and 3 of 4')).toBeInTheDocument();
  });

  it.each([1, 2])('disables both arrows with %i review(s)', async (count) => {
    serve(reviews(count));
    render(<ReviewsSection />);
    await screen.findAllByRole('article');
    expect(screen.getAllByRole('article')).toHaveLength(count);
    expect(screen.getByRole('button', { name: 'Previous review' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next review' })).toBeDisabled();
    expect(screen.getAllByRole('button', { name: /^Show review/ })).toHaveLength(1);
  });

  it('enables the arrows with 3 reviews, and works from the keyboard', async () => {
    serve(reviews(3));
    render(<ReviewsSection />);
    await screen.findAllByRole('article');
    const next = screen.getByRole('button', { name: 'Next review' });
    expect(next).toBeEnabled();
    next.focus();
    await userEvent.keyboard('{Enter}');
    expect(shownAuthors()).toEqual(['Diner 2', 'Diner 3']);
    await userEvent.keyboard(' ');
    expect(shownAuthors()).toEqual(['Diner 3', 'Diner 1']);
  });

  it('keeps a long list usable: a window of at most 7 dots and the position in words', async () => {
    // An API from before pages: the whole list at once.
    serve(reviews(100));
    render(<ReviewsSection />);
    await screen.findAllByRole('article');
    const dotLabels = () => screen.getAllByRole('button', { name: /^Show review/ }).map((dot) => dot.getAttribute('aria-label'));
    expect(dotLabels()).toEqual([
      'Show reviews 1 and 2',
      'Show reviews 3 and 4',
      'Show reviews 5 and 6',
      'Show reviews 7 and 8',
      'Show reviews 9 and 10',
      'Show reviews 11 and 12',
      'Show reviews 13 and 14',
    ]);
    expect(screen.getByText('Showing reviews 1 and 2 of 100')).toBeVisible();
    expect(screen.getByText('Showing reviews 1 and 2 of 100')).not.toHaveClass('visually-hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Show reviews 13 and 14' }));
    expect(shownAuthors()).toEqual(['Diner 13', 'Diner 14']);
    expect(dotLabels()[0]).toBe('Show reviews 7 and 8');
    expect(dotLabels()).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Show reviews 13 and 14' })).toHaveAttribute('aria-current', 'true');
  });

  it('steps through the pairs with the arrow keys from a dot', async () => {
    serve(reviews(30));
    render(<ReviewsSection />);
    await screen.findAllByRole('article');
    screen.getByRole('button', { name: 'Show reviews 1 and 2' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(shownAuthors()).toEqual(['Diner 5', 'Diner 6']);
    expect(screen.getByRole('button', { name: 'Show reviews 5 and 6' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(shownAuthors()).toEqual(['Diner 29', 'Diner 30']);
    expect(screen.getByRole('button', { name: 'Show reviews 29 and 30' })).toHaveFocus();
  });

  it('reads the newest page first and asks for older pages as the diner nears the end', async () => {
    const all = reviews(45);
    const pageAnswer = (from: number, cursor: string | null) => reply(200, { success: true, data: all.slice(from, from + 20), page_size: 20, next_cursor: cursor, total: 45 });
    global.fetch = jest.fn().mockResolvedValueOnce(pageAnswer(0, '20')).mockResolvedValueOnce(pageAnswer(20, '40')).mockResolvedValueOnce(pageAnswer(40, null));
    render(<ReviewsSection />);
    await screen.findAllByRole('article');
    expect(screen.getByText('Showing reviews 1 and 2 of 45')).not.toHaveClass('visually-hidden');
    expect(global.fetch).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Show reviews 13 and 14' }));
    expect(global.fetch).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Show reviews 15 and 16' }));
    await waitFor(() => expect(global.fetch).toHaveBeenCalledTimes(2));
    expect((global.fetch as jest.Mock).mock.calls[1][0]).toBe('http://api.test/api/feedback/public?cursor=20');
    await userEvent.click(await screen.findByRole('button', { name: 'Show reviews 19 and 20' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next review' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next review' }));
    expect(shownAuthors()).toEqual(['Diner 21', 'Diner 22']);
    for (const pair of ['27 and 28', '33 and 34', '35 and 36']) {
      await userEvent.click(screen.getByRole('button', { name: `Show reviews ${pair}` }));
    }
    await waitFor(() => expect(global.fetch).toHaveBeenCalledTimes(3));
    expect((global.fetch as jest.Mock).mock.calls[2][0]).toBe('http://api.test/api/feedback/public?cursor=40');
    await userEvent.click(await screen.findByRole('button', { name: 'Show reviews 41 and 42' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show review 45' }));
    expect(shownAuthors()).toEqual(['Diner 45', 'Diner 1']);
    expect(screen.getByText('Showing reviews 45 and 1 of 45')).toBeInTheDocument();
    expect(global.fetch).toHaveBeenCalledTimes(3);
  });

  it('asks again for an older page that failed at the next move, wrapping over the reviews it has meanwhile', async () => {
    const all = reviews(25);
    global.fetch = jest
      .fn()
      .mockResolvedValueOnce(reply(200, { success: true, data: all.slice(0, 20), page_size: 20, next_cursor: '20', total: 25 }))
      .mockResolvedValueOnce(reply(500, { success: false, message: 'Failed to fetch feedback' }))
      .mockResolvedValueOnce(reply(200, { success: true, data: all.slice(20), page_size: 20, next_cursor: null, total: 25 }));
    render(<ReviewsSection />);
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'Show reviews 13 and 14' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show reviews 15 and 16' }));
    await waitFor(() => expect(global.fetch).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Failed to load more customer reviews', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next review' }));
    await waitFor(() => expect(global.fetch).toHaveBeenCalledTimes(3));
    await userEvent.click(await screen.findByRole('button', { name: 'Show reviews 21 and 22' }));
    expect(shownAuthors()).toEqual(['Diner 21', 'Diner 22']);
  });

  it('shows markup in a review as text and never runs it', async () => {
    const text = '<img src=x onerror="window.hacked=1"><b>bold</b>';
    serve([{ ...reviews(1)[0], feedback_text: text }]);
    const { container } = render(<ReviewsSection />);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(container.querySelector('article b')).toBeNull();
    expect(container.querySelector('article img')).toBeNull();
  });
});
