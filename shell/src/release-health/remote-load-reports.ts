import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { BrowserReporter, LoadOutcome, ReportPart } from './browser-reports';

const isTimeout = (error: unknown) => error instanceof Error && (error.name === 'TimeoutError' || /timed? ?out/i.test(error.message));

/**
 * The phase a remote's load failed in, from what the federation runtime throws:
 * its manifest (RUNTIME-003, or the fetch the load limits abort), its entry script
 * (RUNTIME-008, a script that did not load or threw), a chunk of its code
 * (webpack's ChunkLoadError), each of them 'timeout' when it ran out of time.
 */
export function loadFailurePhase(error: unknown, manifestFailed = false): Exclude<LoadOutcome, 'ok'> {
  const message = error instanceof Error ? error.message : String(error);
  if (isTimeout(error)) return 'timeout';
  if (manifestFailed || message.includes('RUNTIME-003')) return 'manifest';
  if (error instanceof Error && (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk/.test(message))) return 'chunk';
  return 'entry';
}

/** Load failures already counted, so the error boundary that shows them does not count them again as errors. */
const countedFailures = new WeakSet<object>();
export const isCountedLoadFailure = (error: unknown) => typeof error === 'object' && error !== null && countedFailures.has(error);

/**
 * A federation runtime plugin of the shell's: each load of a remote's module
 * (every try: the shell tries a failed load once more) is reported as ok or
 * failed by phase, under the remote's released version. `partOf` names the
 * version the page registered for a remote.
 */
export function remoteLoadReports(reporter: BrowserReporter, partOf: (remoteName: string) => ReportPart | null): ModuleFederationRuntimePlugin {
  // The manifest fetch fails in its own step, then the load fails with a generic error: the step says which phase it was.
  const manifestFailures = new Map<string, unknown>();
  return {
    name: 'samgyup-remote-load-reports',
    onLoad(args) {
      const part = partOf(args.remote.name);
      if (part) reporter.load(part, 'ok');
    },
    errorLoadRemote(args) {
      const name = args.remote?.name;
      if (!name) return undefined;
      if (args.lifecycle === 'afterResolve') {
        manifestFailures.set(name, args.error);
        return undefined;
      }
      if (args.lifecycle !== 'onLoad') return undefined;
      const manifestError = manifestFailures.get(name);
      manifestFailures.delete(name);
      const part = partOf(name);
      if (part) reporter.load(part, loadFailurePhase(manifestError ?? args.error, manifestError !== undefined));
      if (typeof args.error === 'object' && args.error !== null) countedFailures.add(args.error);
      // Nothing to offer instead: the shell's remote page retries, then says the part could not be loaded.
      return undefined;
    },
  };
}
