import { act, render, screen } from '@testing-library/react';
import { toaster } from './toaster';
import { UiProvider } from './ui-provider';

test('a toast created before the toast region loads is still shown', async () => {
  render(
    <UiProvider>
      <p>page</p>
    </UiProvider>,
  );
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  act(() => {
    toaster.create({ title: 'Message sent successfully!', description: "We'll get back to you within 24 hours.", type: 'success' });
  });
  expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
  expect(screen.getByText("We'll get back to you within 24 hours.")).toBeInTheDocument();
});
