import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from './auth-provider';

/**
 * Logout on the dashboards: goes home and ends the session (locally even if the call fails).
 * Home first: the dashboards sit behind RequireAuth, which would send a signed-out visitor to
 * /signin if the user were cleared while they are still on screen.
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
        await navigate('/');
        await logout();
      }}
    >
      {busy ? 'Logging out...' : 'Logout'}
    </button>
  );
}
