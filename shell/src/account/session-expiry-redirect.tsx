import { sessionStore } from '@samgyup/shared';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * When the API refuses the session's token (expired or revoked), the shared
 * client ends the session; this sends the visitor to log in and back here.
 */
export function SessionExpiryRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(
    () =>
      sessionStore.onSessionEnd((reason) => {
        if (reason !== 'expired') return;
        const back = `${location.pathname}${location.search}`;
        void navigate(`/login?redirect=${encodeURIComponent(back)}`, { replace: true });
      }),
    [navigate, location.pathname, location.search],
  );
  return null;
}
