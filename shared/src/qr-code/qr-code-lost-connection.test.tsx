import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QrCode, qrCodeImageUrl } from './qr-code';

// The encoder is a chunk of its own: the first time it is asked for here, the connection drops.
let encoderLoads = 0;
jest.mock('qrcode-generator', () => {
  encoderLoads += 1;
  if (encoderLoads === 1) throw new Error('Loading chunk 298 failed');
  return jest.requireActual('qrcode-generator');
});

describe('QrCode when its encoder cannot be loaded', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('says so, and draws the code when the diner tries again', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    render(<QrCode text="https://samgyupplaridel.ph/refilling?code=RETRY1" label="QR code for table 4" />);
    const problem = await screen.findByRole('alert');
    const svg = screen.getByRole('img', { name: 'QR code for table 4' });
    expect(svg.querySelector('path')).toBeNull();
    expect(svg).not.toHaveAttribute('aria-busy');
    expect(problem).toHaveTextContent('The QR code could not be drawn: the page lost its connection. Check it, then Try again');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(svg.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(encoderLoads).toBe(2);
  });

  it('makes the picture file to save from the same encoder', async () => {
    await expect(qrCodeImageUrl('https://samgyupplaridel.ph/refilling?code=RETRY1')).resolves.toMatch(/^data:image\/gif;base64,/);
  });
});
