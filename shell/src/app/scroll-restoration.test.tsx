import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { ScrollRestoration } from './scroll-restoration';

let navigate!: NavigateFunction;
function Mover() {
  navigate = useNavigate();
  return null;
}

const byKey = (location: Location) => location.key;
const scrollTo = jest.fn((_x: number, y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
});

/** The visitor scrolls to `y`: the browser moves the page, then says so. */
function scrolled(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  sessionStorage.clear();
  scrollTo.mockClear();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollRestoration getKey={byKey} />
      <Mover />
      <p id="opening-hours">Opening hours</p>
    </MemoryRouter>,
  );
}

describe('ScrollRestoration', () => {
  it('starts a new page at its top, and Back puts the last one where the visitor left it', async () => {
    renderAt('/');
    scrolled(515);
    await act(async () => navigate('/register'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrolled(40);
    await act(async () => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 515);
    await act(async () => navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 40);
  });

  it('brings the element a #hash names into view, and keeps the places in the tab for a reload', async () => {
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderAt('/');
    scrolled(300);
    await act(async () => navigate('/#opening-hours'));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(Object.values(JSON.parse(sessionStorage.getItem('samgyup-scroll-positions') ?? '{}'))).toContain(300);
    expect(window.history.scrollRestoration).toBe('auto');
  });
});
