import { act, render, screen, waitFor } from '@testing-library/react';
import qrcode from 'qrcode-generator';
import { QrCode } from './qr-code';

/** The squares a phone reads for `text`, as the drawn path names them. */
function darkModules(text: string): number {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  let dark = 0;
  for (let row = 0; row < code.getModuleCount(); row += 1) {
    for (let column = 0; column < code.getModuleCount(); column += 1) if (code.isDark(row, column)) dark += 1;
  }
  return dark;
}

const squaresIn = (svg: Element) => (svg.querySelector('path')?.getAttribute('d')?.match(/M/g) ?? []).length;

/** Until the code is drawn: its encoder arrives (a chunk of its own), then it is encoded in a task of its own. */
const drawnIn = (svg: Element) => waitFor(() => expect(svg).not.toHaveAttribute('aria-busy'));

/** Long enough for an encoder to arrive and a code to be encoded, were it asked for. */
async function letTimePass() {
  for (let round = 0; round < 5; round += 1) {
    await act(async () => {
      for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
      jest.runOnlyPendingTimers();
    });
  }
}

describe('QrCode', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows its box and label at once, and the code in a task of its own after', async () => {
    render(<QrCode text="https://samgyupplaridel.ph/refilling?code=K7M2QD" label="QR code for table 1" size={160} />);
    const svg = screen.getByRole('img', { name: 'QR code for table 1' });
    expect(svg).toHaveAttribute('width', '160');
    expect(svg).toHaveAttribute('aria-busy', 'true');
    expect(svg.querySelector('path')).toBeNull();

    await drawnIn(svg);
    expect(squaresIn(svg)).toBe(darkModules('https://samgyupplaridel.ph/refilling?code=K7M2QD'));
  });

  it('draws a code it has drawn before at once, as a screen drawn again shows it', async () => {
    const text = 'https://samgyupplaridel.ph/refilling?code=AB12CD';
    const first = render(<QrCode text={text} label="first" />);
    await drawnIn(screen.getByRole('img', { name: 'first' }));
    first.unmount();

    render(<QrCode text={text} label="again" />);
    expect(squaresIn(screen.getByRole('img', { name: 'again' }))).toBe(darkModules(text));
  });

  it("never shows the old code's squares once its text changes", async () => {
    const view = render(<QrCode text="https://samgyupplaridel.ph/refilling?code=OLD111" label="table 2" />);
    await drawnIn(screen.getByRole('img', { name: 'table 2' }));
    view.rerender(<QrCode text="https://samgyupplaridel.ph/refilling?code=NEW222" label="table 2" />);
    const svg = screen.getByRole('img', { name: 'table 2' });
    expect(svg.querySelector('path')).toBeNull();
    await drawnIn(svg);
    expect(squaresIn(svg)).toBe(darkModules('https://samgyupplaridel.ph/refilling?code=NEW222'));
  });

  it('waits to encode a code below the visible part of the page until the diner scrolls near it', async () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[] }[] = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      targets: Element[] = [];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, options, targets: this.targets });
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {
        this.targets.length = 0;
      }
    };
    try {
      const text = 'https://samgyupplaridel.ph/refilling?code=BELOW1';
      render(<QrCode text={text} label="below the fold" />);
      const svg = screen.getByRole('img', { name: 'below the fold' });
      await letTimePass();
      expect(svg).toHaveAttribute('aria-busy', 'true');
      expect(svg.querySelector('path')).toBeNull();

      const [watching] = observers;
      expect(watching.targets).toEqual([svg]);
      expect(watching.options?.rootMargin).toBe('0px 0px 100px 0px');
      act(() => watching.callback([{ isIntersecting: false, target: svg } as unknown as IntersectionObserverEntry], {} as IntersectionObserver));
      await letTimePass();
      expect(svg.querySelector('path')).toBeNull();

      act(() => watching.callback([{ isIntersecting: true, target: svg } as unknown as IntersectionObserverEntry], {} as IntersectionObserver));
      // Near: encoded in a task of its own, and nothing watches any more.
      expect(svg.querySelector('path')).toBeNull();
      await drawnIn(svg);
      expect(squaresIn(svg)).toBe(darkModules(text));
      expect(watching.targets).toEqual([]);
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });
});
