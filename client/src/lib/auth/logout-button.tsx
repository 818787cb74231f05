import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from './auth-provider';

/**
 * Logout on the dashboards: the server forgets the session first (a reload at once must find the
 * visitor signed out), then the page goes home, then the user is cleared (locally even if the call
 * failed). Home before clearing: the dashboards sit behind RequireAuth, which would send a
 * signed-out visitor to /signin while they are still on screen.
 */
export function LogoutButton() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <button
      className="button button--secondary"
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        // flushSync: home is on screen before the user is cleared (a router update in a transition
        // would otherwise lose to the state update, and RequireAuth would redirect to /signin).
        await logout(() => navigate('/', { flushSync: true }));
      }}
    >
      {busy ? 'Logging out...' : 'Logout'}
    </button>
  );
}
