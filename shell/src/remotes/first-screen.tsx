import { rememberApiAnswersIn } from '@samgyup/shared';
import { useEffect } from 'react';
import { RemoteLoading } from './remote-page';

/*
 * A remote page's first screen arrives in the HTML (the shell's server puts it in
 * <main>, see tooling/build-kit/first-screens). React draws the live page in its place; until
 * the remote's page is in, the same first screen stays up instead of a spinner.
 */
let kept: { route: string; html: string } | null = null;

/**
 * Keeps the first screen the server sent, and the API answers it was drawn with
 * (the page starts from them); call before React draws over it.
 */
export function keepFirstScreen(root: ParentNode = document): void {
  const node = root.querySelector<HTMLElement>('[data-first-screen]');
  kept = node ? { route: node.dataset.firstScreen ?? '', html: node.innerHTML } : null;
  // The first screen's answers, and the settings the server drew the layout with.
  rememberApiAnswersIn(root);
}

/** The first screen while a remote page loads, or the loading status when there is none for this path. */
export function RemotePageWaiting({ label }: { label: string }) {
  // The page the browser opened; after a move inside the site the kept screen is gone.
  if (kept && kept.route === window.location.pathname.replace(/\/+$/, '')) {
    return <div className="first-screen" data-first-screen={kept.route} dangerouslySetInnerHTML={{ __html: kept.html }} />;
  }
  return <RemoteLoading label={label} />;
}

/** Rendered next to the remote's page: once it is up, later loads show the loading status. */
export function FirstScreenDone() {
  useEffect(() => {
    kept = null;
  }, []);
  return null;
}
