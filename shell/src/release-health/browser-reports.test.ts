import { BATCH_SIZE, createBrowserReporter, EVENTS_PER_PAGE, SEND_AFTER_MS } from './browser-reports';

const settings = { endpoint: 'https://api.test/api/browser-reports', shellVersion: '0.1.0-shell', sampleRate: 1 };
const menus = { part: 'mfe_menus', version: '0.2.0-abc', route: '/unlimited' };

function reporterWithOutbox(random = () => 0) {
  const sent: Array<{ url: string; shell: string; events: Array<Record<string, unknown>> }> = [];
  const page = { hidden: false };
  const reporter = createBrowserReporter({ send: (url, body) => sent.push({ url, ...(JSON.parse(body) as { shell: string; events: [] }) }), random, isHidden: () => page.hidden });
  return { reporter, sent, page, events: () => sent.flatMap((batch) => batch.events) };
}

describe('the browser reporter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends what the page lived through once /env.json names the API and the shell, the shell’s pages under its version', () => {
    const { reporter, sent, events } = reporterWithOutbox();
    reporter.view({ part: 'shell', version: null, route: '/' });
    reporter.view(menus);
    reporter.load({ part: 'mfe_menus', version: '0.2.0-abc' }, 'ok');
    reporter.flush();
    expect(sent).toEqual([]);

    reporter.configure(settings);
    jest.advanceTimersByTime(SEND_AFTER_MS);
    expect(sent.map((batch) => [batch.url, batch.shell])).toEqual([[settings.endpoint, '0.1.0-shell']]);
    expect(events()).toEqual([
      { type: 'view', part: 'shell', version: '0.1.0-shell', route: '/' },
      { type: 'view', ...menus },
      { type: 'load', ...menus, outcome: 'ok' },
    ]);
  });

  it('batches at most 50 events, waits a few seconds for company, and sends at once when asked (the page is hidden)', () => {
    const { reporter, sent } = reporterWithOutbox();
    reporter.configure(settings);
    reporter.view(menus);
    jest.advanceTimersByTime(SEND_AFTER_MS - 1);
    expect(sent).toHaveLength(0);
    for (let error = 0; error < BATCH_SIZE; error += 1) reporter.error({ part: 'mfe_menus', version: '0.2.0-abc' });
    expect(sent.map((batch) => batch.events.length)).toEqual([BATCH_SIZE]);
    reporter.flush();
    expect(sent.map((batch) => batch.events.length)).toEqual([BATCH_SIZE, 1]);
    reporter.flush();
    expect(sent).toHaveLength(2);
  });

  it('sends what is reported while the page is hidden at once (web vitals report CLS and INP then)', () => {
    const { reporter, page, events } = reporterWithOutbox();
    reporter.configure(settings);
    reporter.view(menus);
    page.hidden = true;
    reporter.flush();
    reporter.vital('CLS', 0.02);
    expect(events()).toEqual([
      { type: 'view', ...menus },
      { type: 'vital', ...menus, metric: 'CLS', value: 0.02 },
    ]);
  });

  it('stops after a bounded number of events per page load, however often the page throws', () => {
    const { reporter, events } = reporterWithOutbox();
    reporter.configure(settings);
    reporter.view(menus);
    for (let error = 0; error < 10_000; error += 1) reporter.error({ part: 'mfe_menus', version: '0.2.0-abc' });
    reporter.flush();
    expect(events()).toHaveLength(EVENTS_PER_PAGE);
  });

  it('counts errors and loads on the page on show, and web vitals on the page the diner landed on', () => {
    const { reporter, events } = reporterWithOutbox();
    reporter.configure(settings);
    reporter.view(menus);
    reporter.view({ part: 'mfe_reviews', version: '0.1.4-def', route: '/feedback' });
    reporter.error({ part: 'mfe_reviews', version: '0.1.4-def' });
    reporter.vital('LCP', 1234);
    reporter.flush();
    expect(events().slice(2)).toEqual([
      { type: 'error', part: 'mfe_reviews', version: '0.1.4-def', route: '/feedback' },
      { type: 'vital', ...menus, metric: 'LCP', value: 1234 },
    ]);
  });

  it('counts a load that ends before its page is shown on the route the app starts at', () => {
    const { reporter, events } = reporterWithOutbox();
    reporter.configure(settings);
    reporter.startingAt('/feedback');
    reporter.load({ part: 'mfe_reviews', version: '0.1.4-def' }, 'ok');
    reporter.view({ part: 'mfe_menus', version: '0.2.0-abc', route: '/unlimited' });
    reporter.load({ part: 'mfe_menus', version: '0.2.0-abc' }, 'ok');
    reporter.flush();
    expect(events().filter((event) => event.type === 'load')).toEqual([
      { type: 'load', part: 'mfe_reviews', version: '0.1.4-def', route: '/feedback', outcome: 'ok' },
      { type: 'load', part: 'mfe_menus', version: '0.2.0-abc', route: '/unlimited', outcome: 'ok' },
    ]);
  });

  it('a page load outside the sample sends nothing at all', () => {
    const { reporter, sent } = reporterWithOutbox(() => 0.7);
    reporter.view(menus);
    reporter.configure({ ...settings, sampleRate: 0.5 });
    reporter.error({ part: 'mfe_menus', version: '0.2.0-abc' });
    jest.advanceTimersByTime(SEND_AFTER_MS);
    reporter.flush();
    expect(sent).toEqual([]);
    expect(reporter.sampled).toBe(false);
  });
});
