import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useNearViewport } from './use-near-viewport';

function Probe() {
  const box = useRef<HTMLDivElement>(null);
  return <div ref={box}>{useNearViewport(box) ? 'drawn' : 'waiting'}</div>;
}

describe('useNearViewport', () => {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; disconnected: boolean }[] = [];
  beforeEach(() => {
    observers.length = 0;
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, options, disconnected: false };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    };
  });
  afterEach(() => delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver);

  const report = (isIntersecting: boolean) => act(() => observers[0].callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver));

  it('waits while the element is away from the screen, and says so once it comes within the margin', () => {
    render(<Probe />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(observers[0].options?.rootMargin).toBe('200px');
    report(false);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    report(true);
    expect(screen.getByText('drawn')).toBeInTheDocument();
    expect(observers[0].disconnected).toBe(true);
  });

  it('draws at once in a browser without IntersectionObserver', () => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    render(<Probe />);
    expect(screen.getByText('drawn')).toBeInTheDocument();
  });
});
