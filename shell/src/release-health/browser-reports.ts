// What diners live through, per part and released version: page views, remote
// loads, errors and web vitals, sent to the API's POST /api/browser-reports in
// batches with navigator.sendBeacon. Nothing personal: a part, its version, a
// route pattern (never an address the diner typed), counts and timings.

export type LoadOutcome = 'ok' | 'manifest' | 'entry' | 'chunk' | 'timeout';
export type VitalMetric = 'LCP' | 'INP' | 'CLS' | 'TTFB';

/** The shell's own part name; its version is the release the page came from (/env.json). */
export const SHELL_PART = 'shell';

export interface ReportPart {
  part: string;
  /** null for the shell: its version is known once /env.json is read. */
  version: string | null;
}

export interface ReportPlace extends ReportPart {
  route: string;
}

type ReportEvent = ReportPlace & ({ type: 'view' } | { type: 'error' } | { type: 'load'; outcome: LoadOutcome } | { type: 'vital'; metric: VitalMetric; value: number });

export interface ReportSettings {
  endpoint: string;
  shellVersion: string;
  /** The share of page loads that report at all (0 to 1), chosen once per page load. */
  sampleRate: number;
}

/** The API takes at most 50 events a batch. */
export const BATCH_SIZE = 50;
/** A page load sends at most this many events in all, so a page that throws in a loop cannot flood the API. */
export const EVENTS_PER_PAGE = 200;
/** Events wait at most this long for company; a page being hidden sends them at once. */
export const SEND_AFTER_MS = 10_000;

interface ReporterOptions {
  send?: (url: string, body: string) => void;
  random?: () => number;
  isHidden?: () => boolean;
}

export function createBrowserReporter({
  send = (url, body) => navigator.sendBeacon(url, body),
  random = Math.random,
  isHidden = () => document.visibilityState === 'hidden',
}: ReporterOptions = {}) {
  let settings: ReportSettings | null = null;
  let sampled = true;
  let budget = EVENTS_PER_PAGE;
  let queue: ReportEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let landing: ReportPlace | null = null;
  let current: ReportPlace | null = null;
  // The route the app starts at, named before its page is shown: a remote's code loaded for it may arrive first.
  let starting: string | null = null;
  const firstViewListeners: Array<(place: ReportPlace) => void> = [];

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    // Events before /env.json is read wait for it: it names the shell's version and the API.
    if (!settings || !sampled) return;
    const { endpoint, shellVersion } = settings;
    while (queue.length > 0) {
      const events = queue.splice(0, BATCH_SIZE).map((event) => ({ ...event, version: event.version ?? shellVersion }));
      send(endpoint, JSON.stringify({ shell: shellVersion, events }));
    }
  }

  function add(event: ReportEvent): void {
    if (!sampled || budget <= 0) return;
    budget -= 1;
    queue.push(event);
    // web-vitals reports CLS, INP and a late LCP as the page is hidden, after the flush that hiding asked for: they leave at once.
    if (queue.length >= BATCH_SIZE || isHidden()) flush();
    else timer ??= setTimeout(flush, SEND_AFTER_MS);
  }

  return {
    configure(next: ReportSettings): void {
      settings = next;
      sampled = random() < next.sampleRate;
      if (!sampled) queue = [];
      else if (queue.length > 0) timer ??= setTimeout(flush, SEND_AFTER_MS);
    },
    /** A page shown: a move inside the site counts as a view of the part that draws it. */
    view(place: ReportPlace): void {
      current = place;
      add({ type: 'view', ...place });
      if (landing) return;
      landing = place;
      for (const listener of firstViewListeners) listener(place);
    },
    /** A remote's code loaded for the page on show, or failed by phase. */
    load(part: ReportPart, outcome: LoadOutcome): void {
      add({ type: 'load', ...part, route: current?.route ?? starting ?? '/', outcome });
    },
    /** An error of `part`, on the page on show. */
    error(part: ReportPart): void {
      add({ type: 'error', ...part, route: current?.route ?? starting ?? '/' });
    },
    /** The route the app starts at, whose remote's code starts loading before its page is shown. */
    startingAt(route: string): void {
      starting = route;
    },
    /** Web vitals belong to the page the diner landed on (as field data counts them). */
    vital(metric: VitalMetric, value: number): void {
      if (landing) add({ type: 'vital', ...landing, metric, value });
    },
    onFirstView(listener: (place: ReportPlace) => void): void {
      firstViewListeners.push(listener);
    },
    /** The page on show (null before the first). */
    get current(): ReportPlace | null {
      return current;
    },
    get sampled(): boolean {
      return sampled;
    },
    flush,
  };
}

export type BrowserReporter = ReturnType<typeof createBrowserReporter>;

/** The page's one reporter: components report to it before /env.json is read, and it sends once it is. */
export const browserReports = createBrowserReporter();
