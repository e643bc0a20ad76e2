import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { TextField } from './form-fields';
import { UiProvider } from './ui-provider';

function Form({ onValue }: { onValue: (value: string) => void }) {
  const [email, setEmail] = useState('');
  return (
    <UiProvider>
      <TextField
        name="email"
        label="Email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          onValue(event.target.value);
        }}
      />
    </UiProvider>
  );
}

// React's act() outside Testing Library's render: tell React this environment uses it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

test('what was typed into a server-rendered field before hydration reaches the form once it is hydrated', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<Form onValue={() => {}} />);
  const input = container.querySelector('input')!;
  // Editable before hydration (it was read-only until then, and keystrokes went nowhere).
  expect(input.readOnly).toBe(false);
  input.value = 'early@example.com';
  const heard = jest.fn();
  await act(async () => {
    hydrateRoot(container, <Form onValue={heard} />);
  });
  expect(heard).toHaveBeenCalledWith('early@example.com');
  expect(container.querySelector('input')!.value).toBe('early@example.com');
});
