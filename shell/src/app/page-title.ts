import { siteConfig } from '@samgyup/shared';
import { pageMeta } from '../page-meta';

/** A page's full title, as the site's server writes it too: "Unlimited Menu · Samgyup Plaridel". */
export function fullTitle(title: string | undefined): string {
  if (!title) return siteConfig.brandName;
  return title.includes(siteConfig.brandName) ? title : `${title} · ${siteConfig.brandName}`;
}

/** One of the shell's own pages, as its page meta names it, or null for a path it does not own. */
export function shellPagePath(pathname: string): keyof typeof pageMeta | null {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return Object.hasOwn(pageMeta, path) ? (path as keyof typeof pageMeta) : null;
}

/** The full title of one of the shell's own pages, or null for a path it does not own. */
export function shellPageTitle(pathname: string): string | null {
  const path = shellPagePath(pathname);
  return path ? fullTitle(pageMeta[path].title) : null;
}

let pageShown: ((title: string) => void) | null = null;

/** Hears each page's title as it is shown (the route announcer); returns how to stop. */
export function onPageShown(listener: (title: string) => void): () => void {
  pageShown = listener;
  return () => {
    if (pageShown === listener) pageShown = null;
  };
}

/** Names the page in the browser's tab and history after a move inside the site, and tells the announcer. */
export function showPageTitle(title: string): void {
  if (document.title !== title) document.title = title;
  pageShown?.(title);
}
