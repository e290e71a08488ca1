import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { NotFoundPage } from '../pages/not-found-page';
import { RemotePageWaiting } from './first-screen';
import { RemotePage } from './remote-page';
import { findRemoteRoute, loadRemoteRegistry, type RemoteDescriptor } from './remote-registry';

/**
 * Every path the shell does not own itself: a remote's page when the runtime
 * remotes file lists the path, otherwise the 404 page.
 */
export function RemoteOrNotFound() {
  const { pathname } = useLocation();
  const [remotes, setRemotes] = useState<RemoteDescriptor[] | null>(null);

  useEffect(() => {
    let active = true;
    loadRemoteRegistry().then((list) => active && setRemotes(list));
    return () => {
      active = false;
    };
  }, []);

  if (!remotes) return <RemotePageWaiting label="the page" />;
  const match = findRemoteRoute(remotes, pathname);
  if (!match) return <NotFoundPage />;
  return <RemotePage key={`${match.remote.name}:${match.pattern}`} remote={match.remote} pattern={match.pattern} />;
}
