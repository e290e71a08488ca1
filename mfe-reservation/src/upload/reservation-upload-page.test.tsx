import { readJson, rememberApiAnswers } from '@samgyup/shared';
import { setServerSessions } from '@samgyup/shared/session';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DRAFT_STORAGE_KEY, type ReservationDraft } from '../draft/reservation-draft';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi, logIn, reply, renderAt, restaurantSettings, savedReservation, setUpEachTest } from '../test/reservation-test-kit';
import { ReservationUploadPage } from './reservation-upload-page';
import { saveReservation } from './save-reservation';

const draft: ReservationDraft = {
  customer_name: 'Ana Cruz',
  email: 'ana@example.com',
  phone: '0917 555 0142',
  reservation_date: '2026-12-05',
  reservation_time: '17:00',
  time_label: '5:00 PM - 6:30 PM',
  table_id: 3,
  table_number: 3,
  number_of_guests: 4,
  occasion: 'Birthday',
  notes: null,
  idempotency_key: 'key-0001-abcdef',
};

const keep = (value: ReservationDraft = draft) => localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(value));
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });

let posts: RequestInit[];
function api(save: () => Response | Promise<Response> = () => reply(201, { success: true, data: { id: 12 } }), upload = () => reply(200, { success: true })) {
  posts = [];
  return fakeApi({
    'POST /api/reservations': (_url, init) => {
      posts.push(init);
      return save();
    },
    'POST /api/reservations/12/payment-proof': upload,
  });
}

const renderPage = () =>
  renderAt('/reservation-upload', '/reservation-upload', ReservationUploadPage, ['/reservation-pending', '/reservation-form', '/reservation-date', '/login-reservation']);

setUpEachTest();
beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

describe('/reservation-upload', () => {
  it('offers to pay online the amount the server asks, when PayMongo is set up, and sends the diner to its checkout', async () => {
    logIn();
    keep();
    const checkouts: string[] = [];
    fakeApi({
      'POST /api/reservations': () => reply(201, { success: true, data: { id: 12 } }),
      'GET /api/reservations/12/payment': () =>
        reply(200, { success: true, data: { provider: 'paymongo', online_methods: ['gcash', 'paymaya', 'qrph', 'card'], amount_due_centavos: 15000, payments: [], refunds: [] } }),
      'POST /api/reservations/12/checkout': (url) => {
        checkouts.push(String(url));
        return reply(200, { success: true, data: { checkout_url: 'https://checkout.paymongo.com/cs_1' } });
      },
    });
    renderPage();
    const pay = await screen.findByRole('button', { name: 'Pay ₱150 with GCash, Maya, QR Ph or card' });
    expect(screen.getByRole('button', { name: 'Submit proof of payment' })).toBeInTheDocument();
    await userEvent.click(pay);
    expect(checkouts).toHaveLength(1);
    // jsdom cannot leave the page: the button stays busy as the browser goes to the checkout.
    expect(screen.getByRole('button', { name: 'Opening the payment page…' })).toBeDisabled();
  });

  it('states until when the table is held and counts the minutes down, then says the hold has ended', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z'), advanceTimers: true });
    logIn();
    keep();
    api(() => reply(201, { success: true, data: { id: 12, hold_expires_at: '2026-11-25T10:30:00.000Z' } }));
    renderPage();
    expect(await screen.findByTestId('hold-time-left')).toHaveTextContent(
      'Upload your proof of payment by 6:30 PM (Philippine time): 30 minutes left. After that the table is released.',
    );
    await act(async () => void jest.advanceTimersByTime(29 * 60_000 + 15_000));
    expect(screen.getByTestId('hold-time-left')).toHaveTextContent('1 minute left');
    await act(async () => void jest.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toHaveTextContent('The hold on this table ended at 6:30 PM: without a proof of payment the table is released to other diners.');
  });

  it('lets the restaurant choose for a group, then names the joined tables it holds and asks the down payment the API recorded', async () => {
    logIn();
    keep({ ...draft, table_id: null, table_number: null, table_numbers: [], best_table: true, number_of_guests: 12 });
    api(() => reply(201, { success: true, data: { id: 12, table_id: 7, table_numbers: [7, 8], down_payment_due: 300 } }));
    renderPage();
    expect(screen.getByText('The restaurant chooses the best table')).toBeInTheDocument();
    expect(await screen.findByText('Tables 7 + 8')).toBeInTheDocument();
    expect(JSON.parse(String(posts[0].body))).toMatchObject({ table_id: null, best_table: true, number_of_guests: 12 });
    expect(await screen.findByRole('heading', { name: 'Pay the ₱300 down payment' })).toBeInTheDocument();
    expect(readJson<ReservationDraft>(DRAFT_STORAGE_KEY)).toMatchObject({ saved_id: 12, table_numbers: [7, 8], down_payment_due: 300 });
  });

  it('keeps the summary where it is while the reservation is saved: its number row waits in place, and the news comes under it', async () => {
    logIn();
    keep();
    let answer!: (response: Response) => void;
    api(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage();
    const summary = () => document.querySelector('dl.reservation-summary')!;
    const rowsWhileSaving = [...summary().querySelectorAll('dt')].map((label) => label.textContent);
    expect(rowsWhileSaving[0]).toBe('Reservation ID');
    expect(summary()).toHaveTextContent('Reservation IDSaving…');
    const saving = screen.getByText('Saving your reservation…');
    // Under the summary in reading order, so a longer message pushes nothing the diner is reading.
    expect(summary().compareDocumentPosition(saving) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Its box keeps the saved news's room on a phone meanwhile (reservation.css), so the payment column below stays put.
    expect(saving.closest('.reservation-save-news--saving')).not.toBeNull();
    expect(screen.getByText('Checking the ways to pay…')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(posts).toHaveLength(1));
    await act(async () => answer(reply(201, { success: true, data: { id: 12, hold_expires_at: new Date(Date.now() + 30 * 60_000).toISOString() } })));
    expect(await screen.findByText(/Reservation #12 saved/)).toBeInTheDocument();
    expect([...summary().querySelectorAll('dt')].map((label) => label.textContent)).toEqual(rowsWhileSaving);
    expect(summary()).toHaveTextContent('Reservation ID#12');
    expect(document.querySelector('.reservation-save-news--saving')).toBeNull();
    expect(summary().compareDocumentPosition(screen.getByTestId('hold-time-left')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says the number row was not saved when the save fails', async () => {
    logIn();
    keep();
    api(() => reply(500, { success: false, message: 'Server error' }));
    renderPage();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(document.querySelector('dl.reservation-summary')).toHaveTextContent('Reservation IDNot saved');
    expect(screen.queryByText('Checking the ways to pay…')).toBeNull();
  });

  it("saves the reservation on arrival with the first version's payload and the kept idempotency key", async () => {
    logIn();
    keep();
    const fetchMock = api();
    renderPage();
    expect(screen.getByText('Saving your reservation…')).toHaveAttribute('role', 'status');
    expect(await screen.findByText(/Reservation #12 saved/)).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect((posts[0].headers as Record<string, string>)['Idempotency-Key']).toBe('key-0001-abcdef');
    expect((posts[0].headers as Record<string, string>).Authorization).toBe('Bearer token-abc');
    expect(JSON.parse(String(posts[0].body))).toEqual({
      customer_name: 'Ana Cruz',
      phone: '0917 555 0142',
      email: 'ana@example.com',
      table_id: 3,
      occasion: 'Birthday',
      number_of_guests: 4,
      reservation_date: '2026-12-05',
      reservation_time: '17:00',
      duration_hours: 2,
      payment_amount: 0,
      payment_status: 'pending',
      status: 'pending',
      notes: null,
      customer_id: 4,
    });
    // One call: the customer is the logged-in one, taken from the session, with no look-up first and nothing else stored
    // (then the page reads how the saved reservation can be paid).
    const calls = fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname);
    expect(calls.filter((path) => path !== '/api/restaurant-settings' && path !== '/api/reservations/12/payment')).toEqual(['/api/reservations']);
    expect(localStorage.getItem('customerId')).toBeNull();
    expect(readJson<ReservationDraft>(DRAFT_STORAGE_KEY)?.saved_id).toBe(12);
    expect(screen.getByRole('img', { name: /QR code for paying ₱100 to Samgyup Plaridel/ })).toBeInTheDocument();
    expect(screen.getByText('4 People')).toBeInTheDocument();
    expect(screen.getByText('Table 3')).toBeInTheDocument();
  });

  it("asks for the owner's down payment and shows the restaurant's own QR image once it is uploaded", async () => {
    logIn();
    keep();
    fakeApi({
      'GET /api/restaurant-settings': () =>
        reply(200, {
          success: true,
          data: restaurantSettings({
            down_payment_pesos: 250,
            wallet: { name: 'Maya', account_name: 'Samgyup Plaridel Inc', account_number: '0918 000 1111' },
            payment_qr_path: '/api/restaurant-settings/payment-qr?v=abc',
          }),
        }),
      'POST /api/reservations': () => reply(201, { success: true, data: { id: 12 } }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Pay the ₱250 down payment' })).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'QR code for paying ₱250 to Samgyup Plaridel Inc by Maya 0918 000 1111' });
    expect(qr).toHaveAttribute('src', 'http://api.test/api/restaurant-settings/payment-qr?v=abc');
    expect(await screen.findByText(/Reservation #12 saved/)).toBeInTheDocument();
  });

  it.each([
    [
      { status: 'declined', payment_status: 'rejected', decided_by: 'staff@samgyup.test', decline_reason: 'Table under repair.' },
      'Sorry, we could not confirm this reservation. Reason: Table under repair.',
    ],
    [{ status: 'cancelled', payment_status: 'pending', decided_by: 'customer', decline_reason: null }, 'You cancelled this reservation'],
    [
      { status: 'cancelled', payment_status: 'pending', decided_by: 'system', decline_reason: 'No proof of payment arrived within 30 minutes.' },
      'The hold on this table ended before a proof of payment arrived',
    ],
  ])('says at once, before any upload, that a booking %o no longer waits for a payment, and what to do next', async (booking, words) => {
    logIn();
    keep({ ...draft, saved_id: 12 });
    api(() => reply(200, { success: true, data: { id: 12, ...booking } }));
    renderPage();
    expect(await screen.findByTestId('booking-ended')).toHaveTextContent(words);
    expect(screen.getByRole('link', { name: 'Make another reservation' })).toHaveAttribute('href', '/reservation-date');
    expect(screen.queryByText(/held for you/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Pay the/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit proof of payment' })).not.toBeInTheDocument();
  });

  it('takes the proof of a booking already saved, named by ?id= (from My reservations), without saving it again', async () => {
    logIn();
    const fetchMock = fakeApi({
      'GET /api/reservations/12': () => reply(200, { success: true, data: savedReservation({ payment_status: 'pending', down_payment_due: 400, hold_expires_at: null }) }),
      'POST /api/reservations/12/payment-proof': () => reply(200, { success: true }),
    });
    renderAt('/reservation-upload', '/reservation-upload?id=12', ReservationUploadPage, ['/reservation-pending']);
    expect(await screen.findByRole('heading', { name: 'Pay the ₱400 down payment' })).toBeInTheDocument();
    expect(screen.getByText('Table 3')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText(/Proof of payment/), png());
    await userEvent.click(screen.getByRole('button', { name: 'Submit proof of payment' }));
    expect(await screen.findByText('/reservation-pending page?id=12')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/reservations') && init?.method === 'POST')).toBe(false);
  });

  it('names the saved booking in the address without a move, so a reload opens it; its proof clears the draft', async () => {
    window.history.replaceState(null, '', '/reservation-upload');
    try {
      logIn();
      keep();
      api(() => reply(201, { success: true, data: { id: 12, hold_expires_at: '2030-11-25T10:30:00.000Z' } }));
      const router = renderPage();
      await userEvent.upload(screen.getByLabelText(/Proof of payment/), png());
      await screen.findByText(/Reservation #12 saved/);
      expect(window.location.search).toBe('?id=12');
      // Nothing moved: the page still holds the draft's booking and the file the diner picked.
      expect(router.state.location.search).toBe('');
      expect(screen.getByRole('img', { name: 'Preview of your proof of payment' })).toBeInTheDocument();
      expect(screen.getByTestId('hold-time-left')).toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('clears the draft of a booking it saved once the proof is in at ?id= (the page reloaded after the save)', async () => {
    logIn();
    keep({ ...draft, saved_id: 12 });
    fakeApi({
      'GET /api/reservations/12': () => reply(200, { success: true, data: savedReservation({ payment_status: 'pending', hold_expires_at: null }) }),
      'POST /api/reservations/12/payment-proof': () => reply(200, { success: true }),
    });
    renderAt('/reservation-upload', '/reservation-upload?id=12', ReservationUploadPage, ['/reservation-pending']);
    await userEvent.upload(await screen.findByLabelText(/Proof of payment/), png());
    await userEvent.click(screen.getByRole('button', { name: 'Submit proof of payment' }));
    expect(await screen.findByText('/reservation-pending page?id=12')).toBeInTheDocument();
    expect(readJson(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('at its plain address, is drawn ahead of time as its heading and a loading line: the draft is in the tab, not on the server', () => {
    keep();
    const html = renderToString(
      <MemoryRouter initialEntries={['/reservation-upload']}>
        <ReservationUploadPage />
      </MemoryRouter>,
    );
    expect(html).toContain('<h1 id="reservation-upload-title">Payment</h1>');
    expect(html).toContain('Loading your reservation…');
    expect(html).not.toContain('Ana Cruz');
    expect(html).not.toContain('There is no reservation to pay for yet');
    expect(html).not.toMatch(/<(form|input|button|select|textarea)\b/);
  });

  describe('at ?id=, drawn on the site’s server for a logged-in diner (docs/adr/0006-signed-in-first-screens.md)', () => {
    const login = { token: 'token-abc', user: { id: 4, first_name: 'Ana', last_name: 'Cruz', email: 'ana@example.com' } };
    const held = savedReservation({ payment_status: 'pending', has_payment_proof: false, down_payment_due: 400, hold_expires_at: '2099-11-25T10:30:00.000Z' });
    const payment = {
      provider: 'proof',
      online_methods: [],
      reservation_id: 12,
      status: 'pending',
      payment_status: 'pending',
      amount_due_centavos: 40000,
      hold_expires_at: null,
      payments: [],
      refunds: [],
    };
    const answers = () => ({
      '/api/reservations/12': { success: true, data: held },
      '/api/reservations/12/payment': { success: true, data: payment },
      '/api/restaurant-settings': { success: true, data: restaurantSettings() },
    });
    afterEach(() => setServerSessions({}));

    it('is the booking, how long it is held, how to pay, and the proof form disabled until the script runs', () => {
      setServerSessions({ user: login });
      rememberApiAnswers(answers());
      const html = renderToString(
        <MemoryRouter initialEntries={['/reservation-upload?id=12']}>
          <ReservationUploadPage />
        </MemoryRouter>,
      );
      expect(html).toMatch(/Reservation #(<!-- -->)?12(<!-- -->)? saved/);
      expect(html).toContain('data-testid="hold-time-left"');
      expect(html).toMatch(/Pay the (<!-- -->)?₱400(<!-- -->)? down payment/);
      expect(html).not.toContain('Loading your reservation…');
      const controls = html.match(/<(input|button|select|textarea)\b[^>]*>/g) ?? [];
      expect(controls.length).toBeGreaterThanOrEqual(4);
      for (const control of controls) expect(control).toMatch(/\sdisabled=""/);
      expect(html).not.toMatch(/\sstyle="/);
    });

    it('starts in the browser from the answers it was drawn with, then reads them again quietly', async () => {
      logIn();
      const fetchMock = fakeApi({
        'GET /api/reservations/12': () => reply(200, { success: true, data: held }),
        'GET /api/reservations/12/payment': () => reply(200, { success: true, data: payment }),
      });
      rememberApiAnswers(answers());
      renderAt('/reservation-upload', '/reservation-upload?id=12', ReservationUploadPage, ['/reservation-pending']);
      expect(screen.getByTestId('hold-time-left')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Pay the ₱400 down payment' })).toBeInTheDocument();
      expect(screen.getByLabelText(/Proof of payment/)).toBeEnabled();
      await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('http://api.test/api/reservations/12'));
    });
  });

  describe('on the phone that shows the QR', () => {
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    afterEach(() => {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    });

    it('saves the drawn QR as a picture file', async () => {
      logIn();
      keep();
      api();
      const clicked: HTMLAnchorElement[] = [];
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Save QR image' }));
      expect(clicked).toHaveLength(1);
      expect(clicked[0].download).toBe('samgyup-plaridel-payment-qr.gif');
      expect(clicked[0].href).toMatch(/^data:image\/gif;base64,/);
      expect(screen.getByText(/QR image saved to your downloads/)).toBeInTheDocument();
    });

    it('copies the account number and says so', async () => {
      logIn();
      keep();
      api();
      const writeText = jest.fn(() => Promise.resolve());
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Copy account number' }));
      expect(writeText).toHaveBeenCalledWith(restaurantSettings().wallet.account_number);
      expect(await screen.findByText(`Account number ${restaurantSettings().wallet.account_number} copied.`)).toBeInTheDocument();
    });

    it('selects the account number for copying by hand where the browser has no clipboard', async () => {
      logIn();
      keep();
      api();
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Copy account number' }));
      expect(await screen.findByText(/Your browser did not let us copy it/)).toBeInTheDocument();
      expect(screen.getByLabelText('Account number')).toHaveValue(restaurantSettings().wallet.account_number);
    });
  });

  it('asks for the proof, then uploads it and shows the pending page with the reservation id', async () => {
    logIn();
    keep();
    const fetchMock = api();
    const router = renderPage();
    await screen.findByText(/Reservation #12 saved/);
    await userEvent.click(screen.getByRole('button', { name: 'Submit proof of payment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload proof of payment');
    await userEvent.upload(screen.getByLabelText(/Proof of payment/), png());
    expect(screen.getByRole('img', { name: 'Preview of your proof of payment' })).toHaveAttribute('src', 'blob:preview');
    await userEvent.click(screen.getByRole('button', { name: 'Submit proof of payment' }));
    expect(await screen.findByText('/reservation-pending page?id=12')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reservation-pending');
    const uploadCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/payment-proof'))!;
    const body = uploadCall[1]!.body as FormData;
    expect((body.get('file') as File).name).toBe('receipt.png');
    expect(readJson(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it("says 'Reservation not saved yet. Please wait.' while the save is still running", async () => {
    logIn();
    keep();
    api(() => new Promise(() => undefined));
    renderPage();
    await userEvent.upload(screen.getByLabelText(/Proof of payment/), png());
    await userEvent.click(screen.getByRole('button', { name: 'Submit proof of payment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Reservation not saved yet. Please wait.');
  });

  it("takes 'Reservation not saved yet. Please wait.' away once the save is done", async () => {
    logIn();
    keep();
    let finishSave: (answer: Response) => void = () => undefined;
    api(() => new Promise((resolve) => (finishSave = resolve)));
    renderPage();
    await userEvent.upload(screen.getByLabelText(/Proof of payment/), png());
    await userEvent.click(screen.getByRole('button', { name: 'Submit proof of payment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Reservation not saved yet. Please wait.');
    await act(async () => finishSave(reply(201, { success: true, data: { id: 12 } })));
    expect(await screen.findByText(/Reservation #12 saved/)).toBeInTheDocument();
    expect(screen.queryByText('Reservation not saved yet. Please wait.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("takes 'Reservation not saved yet. Please wait.' away when the save fails, leaving the failure alone", async () => {
    logIn();
    keep();
    let finishSave: (answer: Response) => void = () => undefined;
    api(() => new Promise((resolve) => (finishSave = resolve)));
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Submit proof of payment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Reservation not saved yet. Please wait.');
    await act(async () => finishSave(reply(400, { success: false, message: 'That date has passed. Please choose another date.' })));
    expect(await screen.findByText('That date has passed. Please choose another date.')).toBeInTheDocument();
    expect(screen.queryByText('Reservation not saved yet. Please wait.')).not.toBeInTheDocument();
  });

  it("refuses a file that is not an image or a PDF, and shows the server's message or the first version's fallback on upload failure", async () => {
    logIn();
    keep();
    let uploadAnswer = reply(413, { success: false, message: 'The file is too large. Please upload a file of at most 5 MB.' });
    api(undefined, () => uploadAnswer);
    renderPage();
    await screen.findByText(/Reservation #12 saved/);
    await userEvent.upload(screen.getByLabelText(/Proof of payment/), new File(['x'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload a JPEG, PNG or WebP image, or a PDF.');
    await userEvent.upload(screen.getByLabelText(/Proof of payment/), png());
    await userEvent.click(screen.getByRole('button', { name: 'Submit proof of payment' }));
    expect(await screen.findByText('The file is too large. Please upload a file of at most 5 MB.')).toBeInTheDocument();
    uploadAnswer = reply(500, {});
    await userEvent.click(screen.getByRole('button', { name: 'Submit proof of payment' }));
    expect(await screen.findByText('Failed to upload proof. Please try again.')).toBeInTheDocument();
  });

  it("says 'No user session found' without a login, with a way to log in", async () => {
    keep();
    api();
    renderPage();
    expect(await screen.findByText('No user session found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login-reservation');
    expect(posts).toHaveLength(0);
  });

  it('takes a stored user without a token as no login (the session store decides, as everywhere else)', async () => {
    keep();
    localStorage.setItem('user', JSON.stringify({ email: 'ana@example.com', name: 'Ana' }));
    api();
    renderPage();
    expect(await screen.findByText('No user session found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login-reservation');
    expect(posts).toHaveLength(0);
  });

  it('offers another table when the table was just taken', async () => {
    logIn();
    keep();
    api(() => reply(409, { success: false, message: 'That table was just booked for this time. Please choose another table.' }));
    renderPage();
    expect(await screen.findByText('That table was just booked for this time. Please choose another table.')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Choose another table' })).toHaveAttribute('href', '/reservation-form');
  });

  it("offers to change the reservation, not to try again, after a final answer such as 'That date has passed'", async () => {
    logIn();
    keep();
    api(() => reply(400, { success: false, message: 'That date has passed. Please choose another date.' }));
    renderPage();
    expect(await screen.findByText('That date has passed. Please choose another date.')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change your reservation' })).toHaveAttribute('href', '/reservation-form');
  });

  it('offers Try again when the server could not answer', async () => {
    jest.useFakeTimers();
    logIn();
    keep();
    let answer = () => reply(503, { success: false, message: 'Service unavailable' });
    api(() => answer());
    renderPage();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(screen.getByText('Failed to save reservation after multiple attempts. Please try again.')).toBeInTheDocument();
    answer = () => reply(201, { success: true, data: { id: 12 } });
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText(/Reservation #12 saved/)).toBeInTheDocument();
  });

  it('sends the diner to choose a date when there is no reservation to pay for', () => {
    logIn();
    api();
    renderPage();
    expect(screen.getByRole('link', { name: 'Choose a date' })).toHaveAttribute('href', '/reservation-date');
  });
});

describe('saving with retries', () => {
  beforeEach(() => logIn());

  it("tries 3 times with pauses of 1 s then 2 s and the same key, then gives up with the first version's message", async () => {
    api(() => reply(503, { success: false, message: 'busy' }));
    const pauses: number[] = [];
    await expect(saveReservation(draft, async (ms) => pauses.push(ms))).rejects.toThrow('Failed to save reservation after multiple attempts. Please try again.');
    expect(posts).toHaveLength(3);
    expect(pauses).toEqual([1000, 2000]);
    expect(new Set(posts.map((init) => (init.headers as Record<string, string>)['Idempotency-Key']))).toEqual(new Set(['key-0001-abcdef']));
  });

  it('succeeds on a later attempt after a network failure', async () => {
    let calls = 0;
    api(() => (++calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : reply(201, { data: { id: 12 } })));
    await expect(saveReservation(draft, async () => undefined)).resolves.toEqual({ id: 12, holdExpiresAt: null });
    expect(posts).toHaveLength(2);
  });

  it("says 'Request timeout - please try again' when every attempt times out after 10 s", async () => {
    jest.useFakeTimers();
    api(
      () =>
        new Promise(() => {
          /* never answers */
        }),
    );
    // apiRequest aborts its fetch on timeout; the fake fetch must honour the signal.
    const fetchMock = global.fetch as jest.Mock;
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input: string, init: RequestInit = {}) =>
      String(input).includes('/api/reservations')
        ? new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
        : inner(input, init),
    );
    const saving = saveReservation(draft, async () => undefined);
    const outcome = expect(saving).rejects.toThrow('Request timeout - please try again');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10_000);
      });
    }
    await outcome;
  });

  it("gives the server's message at once for a refused reservation", async () => {
    api(() => reply(400, { success: false, message: 'That date has passed. Please choose another date.' }));
    await expect(saveReservation(draft, async () => undefined)).rejects.toThrow('That date has passed. Please choose another date.');
    expect(posts).toHaveLength(1);
  });
});
