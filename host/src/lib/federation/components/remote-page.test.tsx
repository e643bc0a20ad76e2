import { Suspense, useState, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from '@agency/router';
import { MemoryRouter } from '@agency/router/testing';
import { renderHost } from '../../../testing/render-host';
import { HYDRATES_ON_FIRST_INPUT, RemotePage, useRemotePageReady } from './remote-page';

// The registry decides which release a page comes from (remote-registry.test.ts); this is what the visitor
// sees for each outcome.
jest.mock('../api/remote-registry', () => {
  class RemoteUnavailableError extends Error {
    constructor(readonly incompatible?: unknown) {
      super('could not be loaded');
    }
  }
  return {
    RemoteUnavailableError,
    loadRemotePage: jest.fn(),
    refreshOnNavigation: jest.fn(() => undefined),
    currentRelease: (remote: string) => `https://cdn.example/${remote}/v2/mf-manifest.json`,
    resetRemote: jest.fn(),
    reportRemoteLoad: jest.fn(),
  };
});

const registry = jest.requireMock('../api/remote-registry') as {
  loadRemotePage: jest.Mock;
  refreshOnNavigation: jest.Mock;
  RemoteUnavailableError: new (incompatible?: unknown) => Error;
};
const Purchase = () => <h1>Purchase Basic Web App</h1>;

// A page that suspends on its load (React's `use`) is retried from inside act only when act is awaited.
const showPage = (page: ReactElement) => act(async () => void renderHost(page));

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

test('shows the page of the current release', async () => {
  registry.loadRemotePage.mockResolvedValue({ default: Purchase });
  await showPage(<RemotePage remote="checkout" exposed="./purchase-page" />);
  expect(await screen.findByRole('heading', { name: 'Purchase Basic Web App' })).toBeInTheDocument();
  expect(screen.queryByText(/previous version/)).not.toBeInTheDocument();
});

test('says so when the page comes from the previous release because the new one does not fit', async () => {
  registry.loadRemotePage.mockResolvedValue({ default: Purchase, replaced: new Error('does not fit') });
  await showPage(<RemotePage remote="checkout" exposed="./consultation-page" />);
  expect(await screen.findByRole('heading', { name: 'Purchase Basic Web App' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(
    'A new version of this section does not work with this version of the site yet, so you are seeing the previous version.',
  );
});

test('an incompatible release with nothing to fall back to is named as such, with a reload instead of a retry', async () => {
  registry.loadRemotePage.mockRejectedValue(new registry.RemoteUnavailableError(new Error('does not fit')));
  await showPage(<RemotePage remote="checkout" exposed="./purchase-success-page" />);
  expect(
    await screen.findByRole('heading', { name: 'This section does not work with this version of the site' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
});

test('an outage keeps its Retry', async () => {
  registry.loadRemotePage.mockRejectedValue(new registry.RemoteUnavailableError());
  await showPage(<RemotePage remote="checkout" exposed="./consultation-success-page" />);
  expect(
    await screen.findByRole('heading', { name: 'This section is temporarily unavailable' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

test('a page whose code has arrived is drawn in the same render, without suspending', async () => {
  registry.loadRemotePage.mockResolvedValue({ default: Purchase });
  const page = { remote: 'checkout', exposed: './terms-page' } as const;
  function WhenReady() {
    return useRemotePageReady(page) ? <RemotePage {...page} /> : <p>code on its way</p>;
  }
  renderHost(<WhenReady />);
  expect(screen.getByText('code on its way')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('code on its way')).not.toBeInTheDocument());
  // Suspending would have shown the spinner here (and, outside an awaited act, never come back from it).
  expect(screen.getByRole('heading', { name: 'Purchase Basic Web App' })).toBeInTheDocument();
  expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
});

test('a page drawn when ready comes from the release the navigation shows: an old configuration is read again first', async () => {
  let reread!: () => void;
  const reading = new Promise<void>((resolve) => (reread = resolve));
  registry.refreshOnNavigation.mockReturnValue(reading);
  registry.loadRemotePage.mockClear().mockResolvedValue({ default: Purchase });
  const page = { remote: 'checkout', exposed: './after-reread-page' } as const;
  function WhenReady() {
    return useRemotePageReady(page) ? <RemotePage {...page} /> : <p>code on its way</p>;
  }
  renderHost(<WhenReady />);
  expect(screen.getByText('code on its way')).toBeInTheDocument();
  expect(registry.loadRemotePage).not.toHaveBeenCalled();
  registry.refreshOnNavigation.mockReturnValue(undefined);
  await act(async () => reread());
  expect(await screen.findByRole('heading', { name: 'Purchase Basic Web App' })).toBeInTheDocument();
  expect(registry.loadRemotePage).toHaveBeenCalledWith('checkout', './after-reread-page');
});

describe('a page that hydrates on the first input', () => {
  function Terms() {
    const [count, setCount] = useState(0);
    return (
      <section>
        <h1>Terms of Service</h1>
        <button type="button" onClick={() => setCount(count + 1)}>
          Clicked {count} times
        </button>
        <a href="/login">Sign in</a>
      </section>
    );
  }
  function Address() {
    return <p data-testid="address">{useLocation().pathname}</p>;
  }
  // What the server sends: the page inside RemotePage's wrapper and Suspense boundary.
  const serverHtml = renderToString(
    <MemoryRouter>
      <div style={{ display: 'contents' }} {...{ [HYDRATES_ON_FIRST_INPUT]: '' }}>
        <Suspense fallback={null}>
          <Terms />
        </Suspense>
      </div>
      <Address />
    </MemoryRouter>,
  );
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  async function hydrate(exposed: string) {
    registry.loadRemotePage.mockClear().mockResolvedValue({ default: Terms });
    const container = document.createElement('div');
    container.innerHTML = serverHtml;
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(
        container,
        <MemoryRouter>
          <RemotePage remote="marketing" exposed={exposed} hydrate="on-first-input" />
          <Address />
        </MemoryRouter>,
      );
    });
  }
  const button = () => screen.getByRole('button', { name: /Clicked/ });

  test("keeps the server's HTML and loads nothing until the visitor's first input, then hydrates it", async () => {
    await hydrate('./terms-page');
    const heading = screen.getByRole('heading', { name: 'Terms of Service' });
    expect(registry.loadRemotePage).not.toHaveBeenCalled();
    fireEvent.click(button());
    expect(button()).toHaveTextContent('Clicked 0 times');

    await act(async () => void fireEvent.pointerDown(document.body));
    expect(registry.loadRemotePage).toHaveBeenCalledTimes(1);
    expect(registry.loadRemotePage).toHaveBeenCalledWith('marketing', './terms-page');
    await act(async () => void fireEvent.click(button()));
    expect(button()).toHaveTextContent('Clicked 1 times');
    // Hydrated: the server's elements, not new ones.
    expect(screen.getByRole('heading', { name: 'Terms of Service' })).toBe(heading);
  });

  test('its links to other pages go through the router meanwhile', async () => {
    await hydrate('./privacy-page');
    await act(async () => void fireEvent.click(screen.getByRole('link', { name: 'Sign in' })));
    expect(screen.getByTestId('address')).toHaveTextContent('/login');
  });

  test('rendered in the browser (no server HTML), it loads at once', async () => {
    registry.loadRemotePage.mockClear().mockResolvedValue({ default: Terms });
    await showPage(<RemotePage remote="marketing" exposed="./landing-page" hydrate="on-first-input" />);
    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
    expect(registry.loadRemotePage).toHaveBeenCalledWith('marketing', './landing-page');
  });
});
