import { act, fireEvent, screen } from '@testing-library/react';
import { createContext, useContext, useEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useNavigate, type NavigateFunction } from '@agency/router';
import { MemoryRouter } from '@agency/router/testing';
import { hydrateWhenNear, hydrateWhenReached } from './hydrate-when-near';

// Stands in for the router's location, which every link in a section reads.
const Place = createContext('/');
function Counter() {
  const [count, setCount] = useState(0);
  const place = useContext(Place);
  return (
    <section id="below" data-place={place}>
      <button type="button" onClick={() => setCount(count + 1)}>
        Clicked {count} times
      </button>
    </section>
  );
}
const DeferredCounter = hydrateWhenNear(Counter, 'below');
const StaticCounter = hydrateWhenReached(Counter, 'below');
let navigate: NavigateFunction = () => {};
function NavigateProbe() {
  const routerNavigate = useNavigate();
  useEffect(() => {
    navigate = routerNavigate;
  });
  return null;
}
let Section = DeferredCounter;
const Deferred = () => (
  <MemoryRouter>
    <NavigateProbe />
    <Section />
  </MemoryRouter>
);

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
  Section = DeferredCounter;
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

test.each([
  ['hydrateWhenNear', DeferredCounter],
  ['hydrateWhenReached', StaticCounter],
])(
  '%s: a navigation (a hash link) hydrates the section in place: its server HTML is kept, not drawn again',
  async (_name, wrapped) => {
    Section = wrapped;
    await hydrateServerHtml();
    const serverSection = document.querySelector('section');
    await act(async () => navigate('/#below'));
    expect(document.querySelector('section')).toBe(serverSection);
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('Clicked 1 times');
  },
);

test('an update reaching into a section not yet woken (a hash navigation) wakes it instead of emptying it', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <Place.Provider value="/">
      <Deferred />
    </Place.Provider>,
  );
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(
      container,
      <Place.Provider value="/">
        <Deferred />
      </Place.Provider>,
    );
  });
  await act(async () =>
    root!.render(
      <Place.Provider value="/#contact">
        <Deferred />
      </Place.Provider>,
    ),
  );
  await act(async () => {});
  expect(container.querySelector('section')).toHaveAttribute('data-place', '/#contact');
  fireEvent.click(screen.getByRole('button'));
  expect(screen.getByRole('button')).toHaveTextContent('Clicked 1 times');
});

test('without IntersectionObserver (old browsers) the section hydrates at once', async () => {
  // @ts-expect-error -- a browser without it
  delete window.IntersectionObserver;
  await hydrateServerHtml();
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

describe('hydrateWhenReached', () => {
  beforeEach(() => {
    Section = StaticCounter;
  });

  test('in view, the server HTML still stays as it is: scrolling past does not hydrate it', async () => {
    await hydrateServerHtml();
    await act(async () => enter());
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('Clicked 0 times');
    expect(observed).toHaveLength(0);
  });

  test('reaching into it (pointer, focus, keys) hydrates it', async () => {
    await hydrateServerHtml();
    await act(async () => fireEvent.pointerDown(screen.getByRole('button')));
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('Clicked 1 times');
  });
});
