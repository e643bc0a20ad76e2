import { act, useLayoutEffect, useState, type ReactNode } from 'react';
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

test('what was typed is handed over in the hydration’s commit, before anything outside the field runs again', async () => {
  // A submit held before hydration is replayed as soon as the form is hydrated, possibly before React's passive
  // effects: by the end of the commit (the parent's layout effects run after the field's) the form must have it.
  const handedOverBeforeCommitEnds: boolean[] = [];
  const heard = jest.fn();
  function Commit({ children }: { children: ReactNode }) {
    useLayoutEffect(() => void handedOverBeforeCommitEnds.push(heard.mock.calls.length > 0), []);
    return children;
  }
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<Form onValue={() => {}} />);
  container.querySelector('input')!.value = 'early@example.com';
  await act(async () => {
    hydrateRoot(
      container,
      <Commit>
        <Form onValue={heard} />
      </Commit>,
    );
  });
  expect(handedOverBeforeCommitEnds).toEqual([true]);
  expect(heard).toHaveBeenCalledWith('early@example.com');
});
