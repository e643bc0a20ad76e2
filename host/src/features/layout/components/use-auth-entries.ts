import { useState } from 'react';
import { AUTH_TEXT } from '@agency/domain';
import { logout, useAuthStore } from '@agency/auth';
import { useNavigate } from '@agency/router';

export type AuthEntries = ReturnType<typeof useAuthEntries>;

/**
 * The header's account entries: logged out Login + Dashboard (both /login); logged in Logout + Dashboard.
 * `signedIn` is what they are once signed in, for the page the server rendered before the browser knows.
 */
export function useAuthEntries() {
  const status = useAuthStore((s) => s.status);
  const role = useAuthStore((s) => s.role);
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const loggedIn = status === 'logged-in';
  const onLogout = async () => {
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
    }
    navigate('/');
  };
  return {
    loggedIn,
    loggingOut,
    dashboardLabel: loggedIn && role === 'ADMIN' ? AUTH_TEXT.adminDashboard : AUTH_TEXT.dashboard,
    dashboardTo: loggedIn ? '/dashboard' : '/login',
    onLogout,
    signedIn: { loggedIn: true, dashboardTo: '/dashboard' } as const,
  };
}
