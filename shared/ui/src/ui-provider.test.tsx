import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { toaster } from './toaster';
import { UiProvider } from './ui-provider';

afterEach(() => {
  act(() => {
    toaster.remove();
  });
});

test('a toast created before the toast region loads is still shown', async () => {
  render(
    <UiProvider>
      <p>page</p>
    </UiProvider>,
  );
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  act(() => {
    toaster.create({
      title: 'Message sent successfully!',
      description: "We'll get back to you within 24 hours.",
      type: 'success',
    });
  });
  expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
  expect(screen.getByText("We'll get back to you within 24 hours.")).toBeInTheDocument();
});

test('a toast created by a page while it mounts is shown, and so are later ones', async () => {
  function ToastOnMount() {
    useEffect(() => {
      toaster.create({
        title: 'Invalid Reset Link',
        description: 'This reset link is invalid or has expired.',
        type: 'error',
      });
    }, []);
    return null;
  }
  render(
    <UiProvider>
      <ToastOnMount />
    </UiProvider>,
  );
  expect(await screen.findByText('Invalid Reset Link')).toBeInTheDocument();
  act(() => {
    toaster.create({ title: 'Password updated', type: 'success' });
  });
  expect(await screen.findByText('Password updated')).toBeInTheDocument();
});
