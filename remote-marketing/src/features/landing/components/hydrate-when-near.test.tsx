import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { hydrateWhenNear } from './hydrate-when-near';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <section id="below">
      <button type="button" onClick={() => setCount(count + 1)}>
        Clicked {count} times
      </button>
    </section>
  );
}
const Deferred = hydrateWhenNear(Counter, 'below');

// The browser's IntersectionObserver, driven by the test: `enter()` brings the observed elements into view.
let observed: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
const enter = () =>
  observed.forEach(({ callback, elements }) =>
    callback(
      elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      {} as IntersectionObserver,
    ),
  );
beforeEach(() => {
  observed = [];
  window.IntersectionObserver = class {
    private entry: (typeof observed)[number];
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: [] };
      observed.push(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.push(element);
    }
    disconnect() {
      this.entry.elements = [];
    }
  } as unknown as typeof IntersectionObserver;
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

async function hydrateServerHtml() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Deferred />);
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, <Deferred />);
  });
}

test('the server HTML stays as it is, not yet interactive, until the section nears the viewport', async () => {
  await hydrateServerHtml();
  const button = screen.getByRole('button', { name: 'Clicked 0 times' });
  fireEvent.click(button);
  expect(button).toHaveTextContent('Clicked 0 times');

  await act(async () => enter());
  fireEvent.click(screen.getByRole('button'));
  expect(screen.getByRole('button')).toHaveTextContent('Clicked 1 times');
});

test('reaching into the section (pointer, focus, keys) hydrates it without scrolling', async () => {
  await hydrateServerHtml();
  await act(async () => fireEvent.focusIn(screen.getByRole('button')));
  fireEvent.click(screen.getByRole('button'));
  expect(screen.getByRole('button')).toHaveTextContent('Clicked 1 times');
});

test('rendered in the browser (a navigation to /, no server HTML), the section is there at once', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  const { createRoot } = await import('react-dom/client');
  await act(async () => {
    root = createRoot(container);
    root.render(<Deferred />);
  });
  fireEvent.click(screen.getByRole('button', { name: 'Clicked 0 times' }));
  expect(screen.getByRole('button')).toHaveTextContent('Clicked 1 times');
  expect(observed).toHaveLength(0);
});
