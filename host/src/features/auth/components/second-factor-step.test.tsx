import { act, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@agency/auth';
import { fakeSession, getSupabaseAuth } from '@agency/auth/testing';
import { Route, Routes, currentLocation, renderHost } from '../../../testing/render-host';
import { LoginPage } from './login-page';

const routes = (
  <Routes>
    <Route path="/login" element={<LoginPage />} />
    <Route path="*" element={null} />
  </Routes>
);

const jwt = (aal: string) => `e30.${btoa(JSON.stringify({ aal })).replace(/=+$/, '')}.sig`;
const totp = { id: 'f1', factor_type: 'totp', status: 'verified' };
type Session = ReturnType<typeof fakeSession>;
const sessionAt = (aal: string): Session => {
  const session = fakeSession();
  return { ...session, access_token: jwt(aal), user: { ...session.user, factors: [totp] } } as Session;
};

/** The login page after the right password of a user with two-factor sign-in. */
async function atCodeStep() {
  const utils = renderHost(routes, { path: '/login', role: 'ADMIN' });
  await getSupabaseAuth();
  const aal1 = sessionAt('aal1');
  utils.auth.getSession.mockResolvedValue({ data: { session: aal1 }, error: null } as never);
  act(() => utils.emit('SIGNED_IN', aal1));
  const form = within(await screen.findByRole('form', { name: 'Two-factor sign-in' }));
  return { ...utils, form };
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('the login asks for the second factor', () => {
  it('a wrong code says so; the right one signs in and goes to the dashboard', async () => {
    const { user, auth, emit, form } = await atCodeStep();
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', secondFactorNeeded: true });
    expect(form.getByLabelText(/^Authentication code/)).toHaveFocus();

    await user.click(form.getByRole('button', { name: 'Verify' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Please enter the code.');
    await user.type(form.getByLabelText(/^Authentication code/), '000000{Enter}');
    expect(await form.findByRole('alert')).toHaveTextContent('That code is not right.');

    auth.mfa.challengeAndVerify.mockImplementationOnce(async () => {
      emit('MFA_CHALLENGE_VERIFIED', sessionAt('aal2'));
      return { data: {}, error: null };
    });
    await user.type(form.getByLabelText(/^Authentication code/), '123 456{Enter}');
    expect(auth.mfa.challengeAndVerify).toHaveBeenLastCalledWith({ factorId: 'f1', code: '123456' });
    await waitFor(() => expect(currentLocation(screen)).toBe('/dashboard'));
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-in', hasSecondFactor: true });
  });

  it('a recovery code instead of the code', async () => {
    const { user, auth, emit, form } = await atCodeStep();
    await user.click(form.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(form.getByLabelText(/^Recovery code/), 'nope{Enter}');
    expect(await form.findByRole('alert')).toHaveTextContent('That recovery code is not right');
    auth.mfa.recoveryCodes.verify.mockImplementationOnce(async () => {
      emit('MFA_CHALLENGE_VERIFIED', sessionAt('aal2'));
      return { data: {}, error: null };
    });
    await user.type(form.getByLabelText(/^Recovery code/), 'ABCD-EFGH{Enter}');
    expect(auth.mfa.recoveryCodes.verify).toHaveBeenLastCalledWith({ code: 'ABCD-EFGH' });
    await waitFor(() => expect(currentLocation(screen)).toBe('/dashboard'));
  });

  it('Cancel signs out and shows the login again', async () => {
    const { user, auth, form } = await atCodeStep();
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('form', { name: 'Login' })).toBeInTheDocument();
    expect(auth.signOut).toHaveBeenCalled();
  });
});
