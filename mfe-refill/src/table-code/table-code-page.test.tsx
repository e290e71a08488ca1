import { readString, setRuntimeConfig } from '@samgyup/shared';
import { resetRuntimeConfigForTests } from '@samgyup/shared/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import * as tableCodeCheck from './load-table-code-check';
import { TableCodePage } from './table-code-page';
import { refillStorageKeys } from '../storage/refill-storage';

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function renderPage(entry = '/refilling') {
  const router = createMemoryRouter(
    [
      { path: '/refilling', element: <TableCodePage /> },
      { path: '/refill-request', element: <p>Refill request page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  resetRuntimeConfigForTests();
  setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  localStorage.clear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  global.fetch = jest.fn();
});
afterEach(() => jest.restoreAllMocks());

const codeBox = () => screen.getByLabelText('Table code');

describe('/refilling', () => {
  it("says 'Enter table code' when the box is empty and sends nothing", async () => {
    renderPage();
    await userEvent.type(codeBox(), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter table code');
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('says the code could not be checked when its check does not load, keeping what was typed and sending nothing', async () => {
    jest.spyOn(tableCodeCheck, 'loadTableCodeCheck').mockRejectedValue(new Error('Loading chunk failed'));
    renderPage();
    await userEvent.type(codeBox(), 'k7m2qd');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your code could not be checked: the connection dropped. Please press Continue again.');
    expect(codeBox()).toHaveValue('K7M2QD');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('keeps the cursor where the diner types when a letter is changed to upper case in the middle', async () => {
    renderPage();
    await userEvent.type(codeBox(), 'abef');
    expect(codeBox()).toHaveValue('ABEF');
    await userEvent.type(codeBox(), 'cd', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(codeBox()).toHaveValue('ABCDEF');
    expect((codeBox() as HTMLInputElement).selectionStart).toBe(4);
  });

  it('upper-cases the code, checks it, remembers the table and goes to /refill-request', async () => {
    (global.fetch as jest.Mock).mockResolvedValue(reply(200, { success: true, message: 'Table code is valid', id: 7, table_code: 'K7M2QD', table_number: 4 }));
    const router = renderPage();
    await userEvent.type(codeBox(), 'k7m2qd');
    expect(codeBox()).toHaveValue('K7M2QD');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Refill request page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/refill-request');
    const [url, init] = (global.fetch as jest.Mock).mock.calls[0];
    expect(url).toBe('http://api.test/api/refill-requests/validate-table');
    expect(JSON.parse(init.body)).toEqual({ table_code: 'K7M2QD' });
    expect(readString(refillStorageKeys.refillTableCode)).toBe('K7M2QD');
    expect(readString(refillStorageKeys.refillTableNumber)).toBe('4');
    expect(readString(refillStorageKeys.refillTableId)).toBe('7');
    expect(readString(refillStorageKeys.refillStatus)).toBe('On-going');
  });

  it("shows the server's message for a rejected code and keeps what was typed", async () => {
    (global.fetch as jest.Mock).mockResolvedValue(reply(404, { success: false, message: 'This table code has expired. Please ask our staff for a new one.' }));
    renderPage();
    await userEvent.type(codeBox(), 'OLD123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This table code has expired. Please ask our staff for a new one.');
    expect(codeBox()).toHaveValue('OLD123');
    expect(readString(refillStorageKeys.refillTableCode)).toBeNull();
  });

  it("falls back to 'Invalid table code. Please check and try again.' when the refusal has no message", async () => {
    (global.fetch as jest.Mock).mockResolvedValue(reply(400, {}));
    renderPage();
    await userEvent.type(codeBox(), 'NOPE12');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid table code. Please check and try again.');
  });

  it('carries on in offline mode with table id 0 when the restaurant system cannot be reached', async () => {
    (global.fetch as jest.Mock).mockRejectedValue(new TypeError('Failed to fetch'));
    const router = renderPage();
    await userEvent.type(codeBox(), 'AB12CD');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Refill request page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/refill-request');
    expect(readString(refillStorageKeys.refillTableId)).toBe('0');
    expect(readString(refillStorageKeys.refillTableCode)).toBe('AB12CD');
  });

  it("fills in the code from the table's QR code (?code=)", () => {
    renderPage('/refilling?code=k7m2qd');
    expect(codeBox()).toHaveValue('K7M2QD');
  });
});

describe('/refilling drawn ahead of time (its first screen)', () => {
  it('shows the heading, the text and a loading status, and no control a diner could type into before the script runs', async () => {
    const { renderToString } = await import('react-dom/server');
    const { MemoryRouter } = await import('react-router-dom');
    const html = renderToString(
      <MemoryRouter initialEntries={['/refilling']}>
        <TableCodePage />
      </MemoryRouter>,
    );
    expect(html).toContain('Request a Refill');
    expect(html).toContain('Enter the table code our staff gave you when you were seated.');
    expect(html).toMatch(/role="status"[^>]*>Loading the code box\.\.\.</);
    expect(html).not.toMatch(/<(form|input|button)\b/);
  });
});
