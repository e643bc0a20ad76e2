import { act, screen } from '@testing-library/react';
import { useAuthStore } from '@agency/auth';
import { fakeSession, getSupabaseAuth } from '@agency/auth/testing';
import { Route, Routes, currentLocation, renderHost } from '../../../testing/render-host';
import { ResetPasswordPage } from './reset-password-page';

const routes = (
  <Routes>
    <Route path="/reset-password" element={<ResetPasswordPage />} />
    <Route path="*" element={null} />
  </Routes>
);

/** The page as reached from a recovery link: supabase-js has turned the link into a session. */
async function openWithRecoverySession(options: { timers?: boolean } = {}) {
  const utils = renderHost(routes, { path: '/reset-password', auth: { status: 'loading' }, ...options });
  await act(async () => {
    await getSupabaseAuth();
    utils.emit('PASSWORD_RECOVERY', fakeSession());
  });
  await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
  return utils;
}
const newPassword = () => screen.getByLabelText(/^New Password/);
const confirmPassword = () => screen.getByLabelText(/^Confirm Password/);
const submit = () => screen.getByRole('button', { name: 'Update Password' });

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('ResetPasswordPage', () => {
  it('shows Loading... while the recovery link is being read', () => {
    renderHost(routes, { path: '/reset-password', auth: { status: 'loading' } });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('without a signed-in user: "Invalid Reset Link" / "This reset link is invalid or has expired." and /login', async () => {
    renderHost(routes, { path: '/reset-password' });
    expect(await screen.findByText('Invalid Reset Link')).toBeInTheDocument();
    expect(screen.getByText('This reset link is invalid or has expired.')).toBeInTheDocument();
    expect(currentLocation(screen)).toBe('/login');
  });

  it('needs both fields', async () => {
    const { user } = await openWithRecoverySession();
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields.');
    expect(newPassword()).toHaveFocus();
  });

  it('needs matching passwords', async () => {
    const { user } = await openWithRecoverySession();
    await user.type(newPassword(), 'abcdef');
    await user.type(confirmPassword(), 'abcdeg');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(confirmPassword()).toHaveFocus();
  });

  it('needs at least 6 characters: "Password must be at least 6 characters long."', async () => {
    const { user } = await openWithRecoverySession();
    await user.type(newPassword(), 'abc');
    await user.type(confirmPassword(), 'abc{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password must be at least 6 characters long.',
    );
  });

  it('success: "Password updated", the recovery session ends, and /login after exactly 2 seconds', async () => {
    jest.useFakeTimers();
    const { user, auth } = await openWithRecoverySession({ timers: true });
    await user.type(newPassword(), 'brand-new');
    await user.type(confirmPassword(), 'brand-new{Enter}');
    // Let the submit's promises settle without moving the clock (findBy/waitFor would advance fake timers).
    for (let i = 0; i < 5; i += 1) await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Password updated')).toBeInTheDocument();
    expect(auth.updateUser).toHaveBeenCalledWith({ password: 'brand-new' });
    expect(
      screen.getByText('Your password has been updated. Taking you to the login page...'),
    ).toBeInTheDocument();
    expect(auth.signOut).toHaveBeenCalled();
    expect(useAuthStore.getState().status).toBe('logged-out');
    expect(screen.queryByText('Invalid Reset Link')).not.toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1999));
    expect(currentLocation(screen)).toBe('/reset-password');
    await act(async () => jest.advanceTimersByTime(1));
    expect(currentLocation(screen)).toBe('/login');
  });

  it('failure: "Reset Failed" / "Failed to update password."', async () => {
    const { user, auth } = await openWithRecoverySession();
    auth.updateUser.mockResolvedValueOnce({
      data: { user: null },
      error: { message: 'Auth session missing!' },
    } as never);
    await user.type(newPassword(), 'brand-new');
    await user.type(confirmPassword(), 'brand-new{Enter}');
    expect(await screen.findByText('Failed to update password.')).toBeInTheDocument();
    expect(screen.getByText('Reset Failed')).toBeInTheDocument();
    expect(currentLocation(screen)).toBe('/reset-password');
  });
});
