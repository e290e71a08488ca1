import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { fullTitle, showPageTitle } from '../app/page-title';
import { NotFoundPage } from '../pages/not-found-page';
import { browserReports, SHELL_PART } from '../release-health/browser-reports';
import { RemotePageWaiting } from './first-screen';
import { RemotePage } from './remote-page';
import { findRemoteRoute, isOutdated, readRemoteRegistryFor, registryCarriedFor, type RemoteDescriptor } from './remote-registry';

/**
 * Every path the shell does not own itself: a remote's page when the runtime
 * remotes file lists the path, otherwise the 404 page. The file is read again on
 * each move to another path, so a remote released meanwhile is loaded in its new
 * version; a tab already running the old one reloads once to get it.
 */
export function RemoteOrNotFound() {
  const { pathname } = useLocation();
  // At the address the page loaded at, the registry it carried: the part's page is drawn in the first draw, where the server drew its first screen.
  const [read, setRead] = useState<{ pathname: string; remotes: RemoteDescriptor[] } | null>(() => {
    const remotes = registryCarriedFor(pathname);
    return remotes ? { pathname, remotes } : null;
  });

  useEffect(() => {
    let active = true;
    void readRemoteRegistryFor(pathname).then((remotes) => active && setRead({ pathname, remotes }));
    return () => {
      active = false;
    };
  }, [pathname]);

  const match = read && read.pathname === pathname ? findRemoteRoute(read.remotes, pathname) : undefined;
  const outdated = Boolean(match && isOutdated(match.remote));
  useEffect(() => {
    if (outdated) window.location.reload();
  }, [outdated]);
  // The title each remote's release declares for its pages (/remotes.json), or the not-found page's.
  const title = match === undefined ? null : fullTitle(match ? (match.remote.titles?.[match.pattern] ?? match.remote.label) : 'Page not found');
  useEffect(() => {
    if (title) showPageTitle(title);
  }, [title]);
  // The address itself is never reported (a visitor may have typed anything there): the page is.
  const notFound = match === null;
  useEffect(() => {
    if (notFound) browserReports.view({ part: SHELL_PART, version: null, route: '/not-found' });
  }, [notFound, pathname]);

  if (match === undefined || outdated) return <RemotePageWaiting label="the page" />;
  if (!match) return <NotFoundPage />;
  return <RemotePage key={`${match.remote.manifest}:${match.pattern}`} remote={match.remote} pattern={match.pattern} />;
}
