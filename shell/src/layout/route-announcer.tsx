import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { onPageShown } from '../app/page-title';

/**
 * After a move to another page inside the site: keyboard focus goes to the top of
 * the new page's content (not left on the link that was clicked, now gone or at
 * the bottom of a page that shows its top), and screen readers hear the new
 * page's title, once its part has named it. The first page load is the browser's own.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const moved = useRef(false);
  const firstPath = useRef(pathname);

  useEffect(
    () =>
      onPageShown((title) => {
        if (!moved.current) return;
        moved.current = false;
        setMessage(title);
      }),
    [],
  );

  // Runs before the effects that name the page (they sit above this one), so their title is announced.
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    moved.current = true;
    document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {message}
    </p>
  );
}
