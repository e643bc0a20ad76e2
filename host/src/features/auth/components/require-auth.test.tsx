import { useEffect } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { useAuthStore } from '@agency/auth';
import { useNavigate } from '@agency/router';
import { Route, Routes, currentLocation, renderHost } from '../../../testing/render-host';
import { RequireAuth } from './require-auth';

let navigate: ReturnType<typeof useNavigate> = () => {};
function Back() {
  const routerNavigate = useNavigate();
  useEffect(() => {
    navigate = routerNavigate;
  });
  return null;
}

const routes = (
  <>
    <Back />
    <Routes>
      <Route
        path="/dashboard"
        element={
          <RequireAuth>
            <p>Protected content</p>
          </RequireAuth>
        }
      />
      <Route path="*" element={null} />
    </Routes>
  </>
);

describe('RequireAuth', () => {
  it('shows a spinner with "Loading..." while the session resolves, then the page', () => {
    renderHost(routes, { path: '/dashboard', auth: { status: 'loading' } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    act(() =>
      useAuthStore.setState({ status: 'logged-in', user: { id: 'u', email: 'a@b.co', fullName: '' } }),
    );
    expect(screen.getByText('Protected content')).toBeInTheDocument();
  });

  it('sends a logged-out visitor to /login, replacing history (Back does not return to /dashboard)', async () => {
    renderHost(routes, { entries: ['/', '/dashboard'] });
    expect(currentLocation(screen)).toBe('/login');
    expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
    act(() => navigate(-1));
    await waitFor(() => expect(currentLocation(screen)).toBe('/'));
  });

  it('a session that resolves to logged out also redirects', () => {
    renderHost(routes, { path: '/dashboard', auth: { status: 'loading' } });
    act(() => useAuthStore.setState({ status: 'logged-out' }));
    expect(currentLocation(screen)).toBe('/login');
  });
});
