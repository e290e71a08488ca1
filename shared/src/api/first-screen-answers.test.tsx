import { act, render, screen } from '@testing-library/react';
import { apiAnswersMarkup, peekApiAnswer, rememberApiAnswers, rememberApiAnswersIn } from './api-answers';
import { useApiData } from './use-api-data';

const path = '/api/inventory/menu/unlimited';
const read = (answer: unknown) => {
  const data = (answer as { data?: string[] }).data;
  if (!Array.isArray(data)) throw new Error('not a list');
  return data;
};

function Menu({ load }: { load: (signal: AbortSignal) => Promise<string[]> }) {
  const { state } = useApiData('the menu', load, { path, read });
  return <p>{state.status === 'ready' ? state.data.join(', ') : state.status}</p>;
}

describe('a page drawn in its first screen with API answers', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('starts from the answer, without a loading status, and shows the fresh data once it comes', async () => {
    rememberApiAnswers({ [path]: { success: true, data: ['Set A Pork'] } });
    let answer: (value: string[]) => void = () => undefined;
    const { unmount } = render(<Menu load={() => new Promise((resolve) => (answer = resolve))} />);
    expect(screen.getByText('Set A Pork')).toBeInTheDocument();
    await act(async () => answer(['Set A Pork', 'Set B Beef']));
    expect(screen.getByText('Set A Pork, Set B Beef')).toBeInTheDocument();
    unmount();
    expect(peekApiAnswer(path)).toBeUndefined(); // the page has gone: a later visit loads as usual
  });

  it('serves a hook that starts later while the first is up (the layout reads the settings first, the page once its remote is in)', async () => {
    rememberApiAnswers({ [path]: { success: true, data: ['Set A Pork'] } });
    const never = () => new Promise<string[]>(() => undefined);
    const layout = render(<Menu load={never} />);
    await act(async () => undefined);
    const page = render(<Menu load={never} />);
    expect(page.container).toHaveTextContent('Set A Pork');
    page.unmount();
    layout.unmount();
    expect(peekApiAnswer(path)).toBeUndefined();
  });

  it('keeps showing the answer when asking again fails', async () => {
    rememberApiAnswers({ [path]: { success: true, data: ['Set A Pork'] } });
    render(<Menu load={() => Promise.reject(new Error('offline'))} />);
    await act(async () => undefined);
    expect(screen.getByText('Set A Pork')).toBeInTheDocument();
  });

  it('loads as usual when there is no answer or it is not what the page reads', async () => {
    rememberApiAnswers({ [path]: { success: false, message: 'down' } });
    render(<Menu load={() => Promise.resolve(['Fresh'])} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Fresh')).toBeInTheDocument();
  });
});

describe('the answers block of a first screen', () => {
  it('carries the answers as JSON no text in them can break out of', () => {
    const markup = apiAnswersMarkup({ '/api/feedback/public': { text: '</script><script>alert(1)</script>' } });
    expect(markup.match(/<\/script>/g)).toHaveLength(1);
    const holder = document.createElement('div');
    holder.innerHTML = markup;
    rememberApiAnswersIn(holder);
    expect(peekApiAnswer('/api/feedback/public')).toEqual({ text: '</script><script>alert(1)</script>' });
  });

  it('skips a block that is not JSON', () => {
    const holder = document.createElement('div');
    holder.innerHTML = '<script type="application/json" data-api-answers>{not json</script>';
    expect(() => rememberApiAnswersIn(holder)).not.toThrow();
  });
});
