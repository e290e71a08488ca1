import { registerPlugins } from '@module-federation/enhanced/runtime';
import { loadRuntimeConfig } from '@samgyup/shared';
import { remoteOnPage, remotesOnPage } from '../remotes/remote-registry';
import { browserReports, SHELL_PART, type ReportPlace } from './browser-reports';
import { watchUncaughtErrors, type PartFiles } from './error-reports';
import { remoteLoadReports } from './remote-load-reports';
import { reportPartOf } from './report-part';
import { reportWebVitals } from './web-vitals-reports';

/** Where each part's files come from: the shell's from this site, a remote's from its manifest's folder. */
function partsOnPage(): PartFiles[] {
  return [
    { part: SHELL_PART, version: null, base: `${window.location.origin}/` },
    ...remotesOnPage().map((remote) => ({ ...reportPartOf(remote), base: new URL('.', remote.manifest).href })),
  ];
}

/**
 * Starts reporting what this page load lives through (docs/releases.md, "Release
 * health"): remote loads through a federation runtime plugin, uncaught errors
 * and rejections by the part whose files raised them, web vitals of the landing
 * page, each batch sent when it fills, after a few seconds, or as the page is hidden.
 */
export function startReleaseHealth(): void {
  registerPlugins([
    remoteLoadReports(browserReports, (name) => {
      const remote = remoteOnPage(name);
      return remote ? reportPartOf(remote) : null;
    }),
  ]);
  watchUncaughtErrors(browserReports, partsOnPage);
  const firstView = new Promise<ReportPlace>((resolve) => browserReports.onFirstView(resolve));
  const configured = loadRuntimeConfig().then((config) =>
    browserReports.configure({
      endpoint: `${config.apiBaseUrl.replace(/\/$/, '')}/api/browser-reports`,
      shellVersion: config.version,
      sampleRate: config.reportsSampleRate ?? 1,
    }),
  );
  void Promise.all([configured, firstView]).then(() => (browserReports.sampled ? reportWebVitals(browserReports) : undefined));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') browserReports.flush();
  });
  window.addEventListener('pagehide', () => browserReports.flush());
}
