import type { BrowserReporter } from './browser-reports';

/**
 * LCP, INP, CLS and TTFB of the page the diner landed on, measured by Google's
 * web-vitals library. Loaded on demand once the first page is shown: its
 * observers read the browser's buffered entries, so nothing is missed by
 * starting late, and a page load left out by sampling never downloads it.
 */
export async function reportWebVitals(reporter: BrowserReporter): Promise<void> {
  const { onCLS, onINP, onLCP, onTTFB } = await import(/* webpackChunkName: "web-vitals" */ 'web-vitals');
  onLCP((metric) => reporter.vital('LCP', metric.value));
  onINP((metric) => reporter.vital('INP', metric.value));
  onCLS((metric) => reporter.vital('CLS', metric.value));
  onTTFB((metric) => reporter.vital('TTFB', metric.value));
}
