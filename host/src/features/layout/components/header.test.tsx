import { act, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@agency/auth';
import { fakeSession } from '@agency/auth/testing';
import { brand } from '@agency/ui';
import { Route, Routes, currentLocation, renderHost } from '../../../testing/render-host';
import { Header } from './header';

const page = (
  <>
    <Header />
    <Routes>
      <Route path="*" element={null} />
    </Routes>
  </>
);
const loggedIn = (role: 'ADMIN' | 'CLIENT' = 'CLIENT') => ({
  status: 'logged-in' as const,
  user: { id: 'u1', email: 'ada@example.com', fullName: 'Ada' },
  role,
});
const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const menuButton = () => screen.getByRole('button', { name: 'Open menu' });
const mobilePanel = () => document.getElementById(menuButton().getAttribute('aria-controls')!)!;

afterEach(() => jest.restoreAllMocks());

describe('Header', () => {
  it('links the sections to /#services, /#about and /#contact', () => {
    renderHost(page);
    const nav = within(mainNav());
    expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/#services');
    expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/#about');
    expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/#contact');
  });

  it('logged out: Login and Dashboard both lead to /login', () => {
    renderHost(page);
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: 'Dashboard' })[0]).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('logged in: Logout and Dashboard to /dashboard', () => {
    renderHost(page, { auth: loggedIn() });
    expect(screen.getAllByRole('link', { name: 'Dashboard' })[0]).toHaveAttribute('href', '/dashboard');
    expect(screen.getAllByRole('button', { name: 'Logout' })[0]).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('labels the dashboard "Admin Dashboard" for ADMIN', () => {
    renderHost(page, { auth: loggedIn('ADMIN') });
    expect(screen.getAllByRole('link', { name: 'Admin Dashboard' })[0]).toHaveAttribute('href', '/dashboard');
  });

  it('Logout signs out, clears the store and returns to /', async () => {
    const { user, auth, emit } = renderHost(page, { path: '/dashboard' });
    // A real session through the fake client, so logout has something to sign out of.
    const { getSupabaseAuth } = await import('@agency/auth/testing');
    await getSupabaseAuth();
    act(() => emit('SIGNED_IN', fakeSession()));
    await user.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    await waitFor(() => expect(currentLocation(screen)).toBe('/'));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', user: null, role: null });
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toBeInTheDocument();
  });

  it('Logout with the auth service unreachable still forgets the session, so a reload stays logged out', async () => {
    const { user, auth, emit } = renderHost(page, { path: '/dashboard' });
    // What supabase-js keeps for the test config's auth URL (http://auth.test).
    localStorage.setItem('sb-auth-auth-token', '{"access_token":"token-1"}');
    localStorage.setItem('sb-auth-auth-token-user', '{}');
    const { getSupabaseAuth } = await import('@agency/auth/testing');
    await getSupabaseAuth();
    act(() => emit('SIGNED_IN', fakeSession()));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    auth.signOut.mockResolvedValue({
      error: { name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 },
    } as never);
    await user.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    await waitFor(() => expect(currentLocation(screen)).toBe('/'));
    expect(localStorage.getItem('sb-auth-auth-token')).toBeNull();
    expect(localStorage.getItem('sb-auth-auth-token-user')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', user: null, role: null });
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toBeInTheDocument();
  });

  it('the brand link scrolls to the top when already on /', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { user } = renderHost(page, { path: '/#contact' });
    await user.click(screen.getByRole('link', { name: brand.name }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(currentLocation(screen)).toBe('/');
  });

  it('the brand link leads home from another page', async () => {
    const { user } = renderHost(page, { path: '/login' });
    await user.click(screen.getByRole('link', { name: brand.name }));
    expect(currentLocation(screen)).toBe('/');
  });
});

describe('mobile menu', () => {
  it('is a disclosure button that shows the same entries', async () => {
    const { user } = renderHost(page);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(mobilePanel()).not.toBeVisible();
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    const panel = within(mobilePanel());
    expect(panel.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/#services');
    expect(panel.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/#about');
    expect(panel.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/#contact');
    expect(panel.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(panel.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/login');
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const { user } = renderHost(page);
    await user.click(menuButton());
    await user.tab();
    expect(within(mobilePanel()).getByRole('link', { name: 'Services' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  it('closes when an entry is chosen', async () => {
    const { user } = renderHost(page, { auth: loggedIn('ADMIN') });
    await user.click(menuButton());
    await user.click(within(mobilePanel()).getByRole('link', { name: 'Admin Dashboard' }));
    expect(currentLocation(screen)).toBe('/dashboard');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('works from the keyboard alone', async () => {
    const { user } = renderHost(page);
    menuButton().focus();
    await user.keyboard('{Enter}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });
});
