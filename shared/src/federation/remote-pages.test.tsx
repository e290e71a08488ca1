import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { lazyPage } from './remote-pages';

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

const drawn = (node: ReactNode) =>
  render(
    <Boundary>
      <Suspense fallback={<p role="status">Waiting</p>}>{node}</Suspense>
    </Boundary>,
  );

describe('lazyPage', () => {
  it('once preloaded, draws the page at once: no fallback first, and its chunk asked for once', async () => {
    const load = jest.fn(async () => ({ PromosPage: () => <h1>Promos</h1> }));
    const Page = lazyPage(load, (module) => module.PromosPage);
    await Page.preload();
    drawn(<Page />);
    expect(screen.getByRole('heading', { name: 'Promos' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('drawn without a preload, waits behind the fallback and then draws the page', async () => {
    let chunkLoaded!: () => void;
    const chunk = new Promise<void>((resolve) => (chunkLoaded = resolve));
    const Page = lazyPage(
      async () => {
        await chunk;
        return { MenuPage: () => <h1>Menu</h1> };
      },
      (module) => module.MenuPage,
    );
    // A page that suspends is drawn in an awaited act, as React asks of tests.
    await act(async () => void drawn(<Page />));
    expect(screen.getByRole('status')).toHaveTextContent('Waiting');
    await act(async () => chunkLoaded());
    expect(screen.getByRole('heading', { name: 'Menu' })).toBeInTheDocument();
  });

  it('hands a chunk that did not load to the error boundary, and preload says so too', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = lazyPage(
      () => Promise.reject(new Error('Loading chunk 129 failed')),
      () => () => null,
    );
    await expect(Page.preload()).rejects.toThrow('Loading chunk 129 failed');
    await act(async () => void drawn(<Page />));
    expect(screen.getByRole('alert')).toHaveTextContent('Loading chunk 129 failed');
  });
});
