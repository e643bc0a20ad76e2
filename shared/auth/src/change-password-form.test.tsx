import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiProvider } from '@agency/ui';
import { useAuthStore } from './auth-store';
import { configureAuth, resetAuth } from './auth-service';
import { ChangePasswordForm } from './change-password-form';
import { createFakeAuth, fakeSession } from './test-support';

function setup() {
  const fake = createFakeAuth({ initialSession: fakeSession() });
  configureAuth({ createAuth: async () => fake.asClient, requestRole: async () => 'CLIENT' });
  useAuthStore.setState({
    status: 'logged-in',
    user: { id: 'user-1', email: 'ada@example.com', fullName: 'Ada' },
    role: 'CLIENT',
  });
  const onSuccess = jest.fn();
  render(
    <UiProvider>
      <ChangePasswordForm onSuccess={onSuccess} />
    </UiProvider>,
  );
  return { ...fake, onSuccess, user: userEvent.setup() };
}

const current = () => screen.getByLabelText(/^Current Password/);
const next = () => screen.getByLabelText(/^New Password/);
const confirm = () => screen.getByLabelText(/^Confirm New Password/);
const submit = () => screen.getByRole('button', { name: 'Update Password' });

beforeEach(() => {
  resetAuth();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('ChangePasswordForm', () => {
  it('requires all three fields and focuses the first empty one', async () => {
    const { user, auth } = setup();
    await user.type(next(), 'abcdef');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('All fields are required.');
    expect(current()).toHaveFocus();
    expect(auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('needs matching new passwords', async () => {
    const { user } = setup();
    await user.type(current(), 'right-password');
    await user.type(next(), 'abcdef');
    await user.type(confirm(), 'abcdeg');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('New passwords do not match.');
  });

  it('needs at least 6 characters', async () => {
    const { user } = setup();
    await user.type(current(), 'right-password');
    await user.type(next(), 'abc');
    await user.type(confirm(), 'abc');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password must be at least 6 characters long.',
    );
    expect(next()).toHaveFocus();
  });

  it('checks the current password by signing in again', async () => {
    const { user, auth } = setup();
    await user.type(current(), 'wrong-password');
    await user.type(next(), 'abcdef');
    await user.type(confirm(), 'abcdef');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect.');
    expect(auth.signInWithPassword).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'wrong-password',
    });
    expect(auth.updateUser).not.toHaveBeenCalled();
    expect(current()).toHaveFocus();
  });

  it('updates the password, toasts "Password updated" and clears the form', async () => {
    const { user, auth, onSuccess } = setup();
    await user.type(current(), 'right-password');
    await user.type(next(), 'brand-new');
    await user.type(confirm(), 'brand-new');
    await user.click(submit());
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(auth.updateUser).toHaveBeenCalledWith({ password: 'brand-new' });
    expect(onSuccess).toHaveBeenCalled();
    await waitFor(() => expect(current()).toHaveValue(''));
  });

  it('shows the failure toast when the update is refused', async () => {
    const { user, auth } = setup();
    auth.updateUser.mockResolvedValueOnce({ data: { user: null }, error: { message: 'weak' } } as never);
    await user.type(current(), 'right-password');
    await user.type(next(), 'brand-new');
    await user.type(confirm(), 'brand-new');
    await user.click(submit());
    expect(await screen.findByText('Failed to update password.')).toBeInTheDocument();
    expect(screen.getByText('Reset Failed')).toBeInTheDocument();
  });

  it('labels the button as busy while sending', async () => {
    const { user, auth } = setup();
    let finish: () => void = () => {};
    auth.signInWithPassword.mockImplementationOnce(
      () =>
        new Promise(
          (resolve) =>
            (finish = () =>
              resolve({ data: { user: null, session: null }, error: { message: 'x', status: 400 } })),
        ) as never,
    );
    await user.type(current(), 'right-password');
    await user.type(next(), 'brand-new');
    await user.type(confirm(), 'brand-new');
    await user.click(submit());
    const busy = await screen.findByRole('button', { name: 'Updating...' });
    expect(busy).toBeDisabled();
    finish();
    expect(await screen.findByRole('button', { name: 'Update Password' })).toBeEnabled();
  });
});
