import { SHELL_PART, type BrowserReporter, type ReportPart } from './browser-reports';

export interface PartFiles extends ReportPart {
  /** Where the part's files are served from (its manifest's folder, or the shell's origin). */
  base: string;
}

const URL_IN_TEXT = /https?:\/\/[^\s)'"]+/g;

/** The part whose files raised an error: the first file of its stack (or the file the browser names) that belongs to a part. */
export function partOfError(files: string[], parts: PartFiles[]): ReportPart | null {
  for (const file of files) {
    // The longest base first: a remote's folder may sit under the shell's origin (/releases/…).
    const owner = [...parts].sort((a, b) => b.base.length - a.base.length).find((part) => file.startsWith(part.base));
    if (owner) return { part: owner.part, version: owner.version };
  }
  return null;
}

/** The script addresses an error names, innermost first. */
export function filesOfError(error: unknown, filename = ''): string[] {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  return [...(stack.match(URL_IN_TEXT) ?? []), ...(filename ? [filename] : [])];
}

/**
 * Counts every uncaught error and unhandled rejection against the part whose
 * files raised it. The browser hides what a script from another origin threw
 * ("Script error.", no file): only a remote's code is from another origin, so
 * such an error is counted against the remote whose page is on show. Errors of
 * no part's files (a browser extension, say) are not the site's and not counted.
 */
export function watchUncaughtErrors(reporter: BrowserReporter, partsOnPage: () => PartFiles[], target: Window = window): void {
  const count = (error: unknown, filename?: string, hidden = false) => {
    const part = partOfError(filesOfError(error, filename), partsOnPage());
    const onShow = reporter.current;
    if (part) reporter.error(part);
    else if (hidden && onShow && onShow.part !== SHELL_PART) reporter.error(onShow);
  };
  target.addEventListener('error', (event: ErrorEvent) => {
    // A resource that failed to load (an image) is no script error.
    if (!(event instanceof ErrorEvent)) return;
    count(event.error, event.filename, !event.filename && event.message === 'Script error.');
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => count(event.reason));
}
