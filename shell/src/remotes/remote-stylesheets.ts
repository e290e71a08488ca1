import type { RemoteDescriptor } from './remote-registry';

/** As long as the federation runtime waits for a remote's file (build-kit's remote-load-limits). */
const STYLESHEET_LIMIT_MS = 8000;

/** The folder of the remote's release, where its stylesheets are; null for a manifest address that does not parse. */
function releaseFolderOf(remote: RemoteDescriptor): string | null {
  try {
    return new URL('.', new URL(remote.manifest, document.baseURI)).href;
  } catch {
    return null;
  }
}

/** A copy of `link` put beside it: true once its stylesheet is in, false if it failed or ran out of time. */
function loadBeside(link: HTMLLinkElement): Promise<{ fresh: HTMLLinkElement; loaded: boolean }> {
  const fresh = link.cloneNode() as HTMLLinkElement;
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve({ fresh, loaded: false }), STYLESHEET_LIMIT_MS);
    const settle = (loaded: boolean) => () => {
      window.clearTimeout(timer);
      resolve({ fresh, loaded });
    };
    fresh.addEventListener('load', settle(true), { once: true });
    fresh.addEventListener('error', settle(false), { once: true });
    link.after(fresh);
  });
}

/**
 * Asks again for the stylesheets of the remote's release that the page links (its first screen's), before
 * the remote is loaded anew after a failure. One that failed (the part was down as the page loaded) still
 * stands in <head> with an empty sheet, and the remote's runtime takes a linked stylesheet for loaded: its
 * page would be drawn unstyled. A stylesheet that did load comes back from the memory cache, so nothing
 * flickers; its first ask can meet the failure of its preload hint (see loadPageWithRetries), hence two.
 * One that still fails is taken out, and the remote's runtime asks for it itself and says so if it fails.
 */
export async function reloadStylesheetsOf(remote: RemoteDescriptor): Promise<void> {
  const release = releaseFolderOf(remote);
  if (!release) return;
  const linked = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).filter((link) => link.href.startsWith(release));
  await Promise.all(
    linked.map(async (link) => {
      for (let ask = 1; ask <= 2; ask += 1) {
        const { fresh, loaded } = await loadBeside(link);
        if (loaded) break;
        fresh.remove();
      }
      link.remove();
    }),
  );
}
