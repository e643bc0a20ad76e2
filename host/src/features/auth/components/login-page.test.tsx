import { screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@agency/auth';
import { Route, Routes, currentLocation, renderHost } from '../../../testing/render-host';
import { LoginPage } from './login-page';
import { loadOverlays } from '@agency/ui';

const routes = (
  <Routes>
    <Route path="/login" element={<LoginPage />} />
    <Route path="*" element={null} />
  </Routes>
);

async function open(options: Parameters<typeof renderHost>[1] = {}) {
  const utils = renderHost(routes, { path: '/login', ...options });
  await screen.findByRole('tab', { name: 'Login' });
  return utils;
}

const loginForm = () => within(screen.getByRole('form', { name: 'Login' }));
const signUpForm = () => within(screen.getByRole('form', { name: 'Sign Up' }));

// React only retries a suspended render inside act(); load the lazy chunk up front as a browser would soon after.
beforeAll(() => loadOverlays());
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('LoginPage', () => {
  it('has one h1 and the tabs Login and Sign Up', async () => {
    await open();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it("a proposal's sign-up link opens Sign Up with the address filled in", async () => {
    renderHost(routes, { path: '/login?tab=signup&email=lead%40example.test' });
    expect(await screen.findByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(signUpForm().getByLabelText(/Email/)).toHaveValue('lead@example.test');
  });

  it('shows the form while a session from an auth link resolves (a signed-in user is sent on once it does)', () => {
    renderHost(routes, { path: '/login', auth: { status: 'loading' } });
    expect(screen.getByRole('form', { name: 'Login' })).toBeInTheDocument();
    expect(currentLocation(screen)).toBe('/login');
  });

  it('sends a signed-in user on to the dashboard', () => {
    renderHost(routes, {
      path: '/login',
      auth: { status: 'logged-in', user: { id: 'u', email: 'a@b.co', fullName: '' } },
    });
    expect(currentLocation(screen)).toBe('/dashboard');
  });

  describe('Login tab', () => {
    it('needs both fields: "Please enter both email and password." and focus on the first empty one', async () => {
      const { user, auth } = await open();
      await user.type(loginForm().getByLabelText(/^Email/), 'ada@example.com');
      await user.click(loginForm().getByRole('button', { name: 'Login' }));
      expect(await loginForm().findByRole('alert')).toHaveTextContent(
        'Please enter both email and password.',
      );
      expect(loginForm().getByLabelText(/^Password/)).toHaveFocus();
      expect(auth.signInWithPassword).not.toHaveBeenCalled();
    });

    it('refused credentials: toast "Login Failed" / "Invalid credentials. Please try again."', async () => {
      const { user } = await open();
      await user.type(loginForm().getByLabelText(/^Email/), 'ada@example.com');
      await user.type(loginForm().getByLabelText(/^Password/), 'wrong');
      await user.click(loginForm().getByRole('button', { name: 'Login' }));
      expect(await screen.findByText('Login Failed')).toBeInTheDocument();
      expect(screen.getByText('Invalid credentials. Please try again.')).toBeInTheDocument();
      expect(currentLocation(screen)).toBe('/login');
    });

    it('auth service unreachable: says so instead of "Invalid credentials"', async () => {
      const { user, auth } = await open();
      auth.signInWithPassword.mockResolvedValueOnce({
        data: { user: null, session: null },
        error: { name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 },
      } as never);
      await user.type(loginForm().getByLabelText(/^Email/), 'ada@example.com');
      await user.type(loginForm().getByLabelText(/^Password/), 'right-password{Enter}');
      expect(
        await screen.findByText('The sign-in service is unreachable. Please try again later.'),
      ).toBeInTheDocument();
      expect(screen.queryByText('Invalid credentials. Please try again.')).not.toBeInTheDocument();
      expect(currentLocation(screen)).toBe('/login');
    });

    it('Enter submits; success toasts "Login Successful" and opens the dashboard', async () => {
      const { user, auth } = await open();
      await user.type(loginForm().getByLabelText(/^Email/), 'ada@example.com');
      await user.type(loginForm().getByLabelText(/^Password/), 'right-password{Enter}');
      expect(await screen.findByText('Login Successful')).toBeInTheDocument();
      expect(auth.signInWithPassword).toHaveBeenCalledWith({
        email: 'ada@example.com',
        password: 'right-password',
      });
      await waitFor(() => expect(currentLocation(screen)).toBe('/dashboard'));
      expect(useAuthStore.getState()).toMatchObject({ status: 'logged-in', role: 'CLIENT' });
    });

    it('an unconfirmed address: "Please confirm your e-mail" (not "Invalid credentials") and Resend mails the link again', async () => {
      const { user, auth } = await open();
      auth.signInWithPassword.mockResolvedValueOnce({
        data: { user: null, session: null },
        error: {
          name: 'AuthApiError',
          message: 'Email not confirmed',
          status: 400,
          code: 'email_not_confirmed',
        },
      } as never);
      await user.type(loginForm().getByLabelText(/^Email/), 'ada@example.com');
      await user.type(loginForm().getByLabelText(/^Password/), 'right-password{Enter}');
      const notice = await loginForm().findByRole('alert');
      expect(notice).toHaveTextContent('Please confirm your e-mail');
      expect(notice).toHaveTextContent('ada@example.com');
      expect(screen.queryByText('Login Failed')).not.toBeInTheDocument();

      await user.click(within(notice).getByRole('button', { name: 'Resend confirmation e-mail' }));
      expect(await within(notice).findByRole('status')).toHaveTextContent(
        'A new confirmation link is on its way to ada@example.com.',
      );
      expect(auth.resend).toHaveBeenCalledWith({
        type: 'signup',
        email: 'ada@example.com',
        options: { emailRedirectTo: 'http://site.test/login' },
      });

      auth.resend.mockResolvedValueOnce({
        data: { user: null, session: null },
        error: {
          name: 'AuthApiError',
          message: 'For security purposes, you can only request this after 58 seconds.',
          status: 429,
          code: 'over_email_send_rate_limit',
        },
      });
      await user.click(within(notice).getByRole('button', { name: 'Resend confirmation e-mail' }));
      await waitFor(() =>
        expect(within(notice).getByRole('status')).toHaveTextContent(
          'We sent a confirmation e-mail less than a minute ago. Please wait a minute before asking again.',
        ),
      );
    });

    it('labels the button busy and disables it while logging in', async () => {
      const { user, auth } = await open();
      let finish: () => void = () => {};
      auth.signInWithPassword.mockImplementationOnce(
        () =>
          new Promise(
            (resolve) =>
              (finish = () =>
                resolve({ data: { user: null, session: null }, error: { message: 'x', status: 400 } })),
          ) as never,
      );
      await user.type(loginForm().getByLabelText(/^Email/), 'ada@example.com');
      await user.type(loginForm().getByLabelText(/^Password/), 'pw{Enter}');
      expect(await loginForm().findByRole('button', { name: 'Logging in...' })).toBeDisabled();
      finish();
      expect(await loginForm().findByRole('button', { name: 'Login' })).toBeEnabled();
    });
  });

  describe('a failed e-mail link', () => {
    it('used twice or expired (#error_code=otp_expired): says so and takes the error out of the address', async () => {
      await open({
        path: '/login#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      });
      const notice = await screen.findByRole('alert');
      expect(notice).toHaveTextContent('This link has already been used or has expired');
      expect(notice).toHaveTextContent('If you already confirmed your e-mail, just log in.');
      await waitFor(() => expect(currentLocation(screen)).toBe('/login'));
    });

    it("any other error: GoTrue's description", async () => {
      await open({ path: '/login#error=server_error&error_description=Unable+to+process+request' });
      const notice = await screen.findByRole('alert');
      expect(notice).toHaveTextContent('This link did not work');
      expect(notice).toHaveTextContent('Unable to process request');
    });

    it('no notice without an error in the address', async () => {
      await open();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe('forgot-password dialog', () => {
    const openDialog = async (user: ReturnType<typeof renderHost>['user']) => {
      await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
      return within(await screen.findByRole('dialog', { name: 'Reset your password' }));
    };

    it('needs an e-mail: "Please enter your email address."', async () => {
      const { user, auth } = await open();
      const dialog = await openDialog(user);
      await user.click(dialog.getByRole('button', { name: 'Send Reset Link' }));
      expect(await dialog.findByRole('alert')).toHaveTextContent('Please enter your email address.');
      expect(auth.resetPasswordForEmail).not.toHaveBeenCalled();
    });

    it('sends the link to /reset-password and closes', async () => {
      const { user, auth } = await open();
      const dialog = await openDialog(user);
      await user.type(dialog.getByLabelText(/^Email/), 'ada@example.com{Enter}');
      expect(await screen.findByText('Reset Link Sent')).toBeInTheDocument();
      expect(auth.resetPasswordForEmail).toHaveBeenCalledWith('ada@example.com', {
        redirectTo: 'http://site.test/reset-password',
      });
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Reset your password' })).not.toBeInTheDocument(),
      );
    });

    it('failure: toast "Reset Failed" / "Failed to send reset link. Please try again."', async () => {
      const { user, auth } = await open();
      auth.resetPasswordForEmail.mockResolvedValueOnce({
        data: null,
        error: { message: 'rate limited' },
      } as never);
      const dialog = await openDialog(user);
      await user.type(dialog.getByLabelText(/^Email/), 'ada@example.com{Enter}');
      expect(await screen.findByText('Failed to send reset link. Please try again.')).toBeInTheDocument();
      expect(screen.getByText('Reset Failed')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeInTheDocument();
    });
  });

  describe('Sign Up tab', () => {
    const fill = async (user: ReturnType<typeof renderHost>['user'], values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) {
        if (value) await user.type(signUpForm().getByLabelText(new RegExp(`^${label}`)), value);
      }
    };
    const openSignUp = async () => {
      const utils = await open();
      await utils.user.click(screen.getByRole('tab', { name: 'Sign Up' }));
      return utils;
    };

    it('needs every field: "Please fill in all required fields."', async () => {
      const { user, auth } = await openSignUp();
      await fill(user, { 'First Name': 'Ada', Email: 'ada@example.com' });
      await user.click(signUpForm().getByRole('button', { name: 'Create Account' }));
      expect(await signUpForm().findByRole('alert')).toHaveTextContent('Please fill in all required fields.');
      expect(signUpForm().getByLabelText(/^Last Name/)).toHaveFocus();
      expect(auth.signUp).not.toHaveBeenCalled();
    });

    it('needs matching passwords: "Passwords do not match."', async () => {
      const { user } = await openSignUp();
      await fill(user, {
        'First Name': 'Ada',
        'Last Name': 'Lovelace',
        Email: 'ada@example.com',
        Password: 'secret1',
        'Confirm Password': 'secret2',
      });
      await user.click(signUpForm().getByRole('button', { name: 'Create Account' }));
      expect(await signUpForm().findByRole('alert')).toHaveTextContent('Passwords do not match.');
      expect(signUpForm().getByLabelText(/^Confirm Password/)).toHaveFocus();
    });

    it('success: a dialog asks to verify by e-mail, then back to the Login tab', async () => {
      const { user, auth } = await openSignUp();
      await fill(user, {
        'First Name': 'Ada',
        'Last Name': 'Lovelace',
        Email: 'ada@example.com',
        Password: 'secret1',
        'Confirm Password': 'secret1',
      });
      await user.click(signUpForm().getByRole('button', { name: 'Create Account' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Check your email' });
      expect(dialog).toHaveTextContent(
        'We sent a confirmation link to ada@example.com. Please verify your email address, then log in.',
      );
      expect(auth.signUp).toHaveBeenCalledWith({
        email: 'ada@example.com',
        password: 'secret1',
        options: { data: { full_name: 'Ada Lovelace' }, emailRedirectTo: 'http://site.test/login' },
      });
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      await waitFor(() =>
        expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true'),
      );
    });

    it('failure: toast "Signup Failed" / "Failed to create account. Please try again."', async () => {
      const { user, auth } = await openSignUp();
      auth.signUp.mockResolvedValueOnce({
        data: { user: null, session: null },
        error: { message: 'User already registered' },
      } as never);
      await fill(user, {
        'First Name': 'Ada',
        'Last Name': 'Lovelace',
        Email: 'ada@example.com',
        Password: 'secret1',
        'Confirm Password': 'secret1',
      });
      await user.click(signUpForm().getByRole('button', { name: 'Create Account' }));
      expect(await screen.findByText('Signup Failed')).toBeInTheDocument();
      expect(screen.getByText('Failed to create account. Please try again.')).toBeInTheDocument();
    });
  });
});
