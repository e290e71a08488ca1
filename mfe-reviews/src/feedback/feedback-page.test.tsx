import { setRuntimeConfig } from '@samgyup/shared';
import { resetRuntimeConfigForTests } from '@samgyup/shared/testing';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { FeedbackPage } from './feedback-page';

beforeEach(() => {
  resetRuntimeConfigForTests();
  setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  global.fetch = jest.fn().mockResolvedValue(new Response(JSON.stringify({ success: true, data: [] }), { status: 200 }));
});

describe('/feedback', () => {
  it('has the hero, the 4 core values, the reviews and the ways to leave a review', async () => {
    render(
      <MemoryRouter>
        <FeedbackPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Feedback' })).toBeInTheDocument();
    const values = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(values).toEqual(['Fresh Ingredients, Authentic Flavors', 'Customer Focus', 'Consistency', 'Innovation']);
    expect(screen.getByRole('link', { name: 'LEAVE A REVIEW!' })).toHaveAttribute('href', '/login?redirect=/feedback-form');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=/feedback-form');
    expect(screen.getByRole('link', { name: 'sign up' })).toHaveAttribute('href', '/register?redirect=/feedback-form');
    expect(await screen.findByText('No customer reviews available yet.')).toBeInTheDocument();
  });
});
