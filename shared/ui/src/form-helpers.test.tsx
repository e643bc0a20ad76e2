import { fireEvent, render, screen } from '@testing-library/react';
import { DialogActions } from './form-helpers';
import { UiProvider } from './ui-provider';

function renderActions(busy: boolean, onCancel = jest.fn(), onSubmit = jest.fn()) {
  render(
    <UiProvider>
      <form
        id="the-form"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      />
      <DialogActions
        form="the-form"
        cancelLabel="Back"
        onCancel={onCancel}
        busy={busy}
        busyLabel="Sending..."
        submitLabel="Send"
      />
    </UiProvider>,
  );
  return { onCancel, onSubmit };
}

test('a form dialog offers the way out and submits its form from the footer', () => {
  const { onCancel, onSubmit } = renderActions(false);
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  expect(onCancel).toHaveBeenCalledTimes(1);
});

test('while the form is sent, both buttons wait and the submit button says what is happening', () => {
  renderActions(true);
  expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
  const sending = screen.getByRole('button', { name: 'Sending...' });
  expect(sending).toBeDisabled();
  expect(sending).toHaveAttribute('aria-busy', 'true');
});
