import { Suspense, use, useEffect, useReducer, useState, type ComponentType } from 'react';
import { useLocation } from '@agency/router';
import {
  currentRelease,
  loadRemotePage,
  refreshOnNavigation,
  RemoteUnavailableError,
  reportRemoteLoad,
  resetRemote,
  type RemoteName,
} from '../api/remote-registry';
import { PageSpinner } from '../../../components/page-spinner';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { PreviousReleaseNotice, RemoteIncompatible } from './remote-incompatible';
import { RemoteUnavailable } from './remote-unavailable';

/** A page's load, marked the way React's `use` reads a promise: one that has settled is read without suspending. */
type PageLoad = Promise<ComponentType> & {
  status?: 'fulfilled' | 'rejected';
  value?: ComponentType;
  reason?: unknown;
};

const pages = new Map<string, PageLoad>();

/** One load per remote, module, release and attempt. */
function pageLoad(remote: RemoteName, exposed: string, attempt: number): PageLoad {
  const key = `${remote}/${exposed}@${currentRelease(remote) ?? 'unconfigured'}#${attempt}`;
  let load = pages.get(key);
  if (!load) {
    const loading: PageLoad = loadRemotePage(remote, exposed).then(({ default: Page, replaced }) =>
      replaced ? withPreviousReleaseNotice(Page) : Page,
    );
    loading.then(
      (value) => void Object.assign(loading, { status: 'fulfilled', value }),
      (reason: unknown) => void Object.assign(loading, { status: 'rejected', reason }),
    );
    pages.set(key, (load = loading));
  }
  return load;
}

function withPreviousReleaseNotice(Page: ComponentType): ComponentType {
  return function PageOfPreviousRelease() {
    return (
      <>
        <PreviousReleaseNotice />
        <Page />
      </>
    );
  };
}

/**
 * Whether a page rendered only in the browser (the dashboard) can be drawn in one go: true once its code has
 * arrived (or failed to, which the page then shows). Rendering it before would suspend, and React draws what a
 * suspended page becomes as a retry: in slices between frames, with its reveal held back to 300 ms after the
 * spinner, and again from the start if data arrives meanwhile.
 */
export function useRemotePageReady(page: { remote: RemoteName; exposed: string } | null): boolean {
  // The release this navigation shows (see CurrentRelease), not the one an old configuration names.
  const navigation = useLocation().key;
  const reading = page ? refreshOnNavigation(navigation) : undefined;
  const load = page && !reading ? pageLoad(page.remote, page.exposed, 0) : null;
  const [, settled] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const waitingFor = reading ?? (load && !load.status ? load : undefined);
    waitingFor?.then(settled, settled);
  }, [reading, load]);
  return load?.status !== undefined;
}

/**
 * Renders one exposed page of a remote's current release, with a spinner while it loads and a fallback if it
 * fails. A navigation may first re-read where the remote's releases live, so an open tab moves to a new
 * release on its next visit to that remote.
 */
export function RemotePage({ remote, exposed }: { remote: RemoteName; exposed: string }) {
  const [attempt, setAttempt] = useState(0);
  const location = useLocation();
  return (
    <RemoteErrorBoundary
      resetKey={`${remote}/${exposed}@${location.pathname}`}
      onRetry={() => {
        resetRemote(remote);
        setAttempt((n) => n + 1);
      }}
      // A page that failed to load was reported where it failed: remote-health.ts leaves those out.
      onCaught={(error) => reportRemoteLoad(remote, { error, phase: 'render' })}
      fallback={({ error, retry }) =>
        error instanceof RemoteUnavailableError && error.incompatible ? (
          <RemoteIncompatible />
        ) : (
          <RemoteUnavailable retry={retry} />
        )
      }
    >
      <Suspense fallback={<PageSpinner />}>
        <CurrentRelease remote={remote} exposed={exposed} navigation={location.key} attempt={attempt} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function CurrentRelease(props: { remote: RemoteName; exposed: string; navigation: string; attempt: number }) {
  const reading = refreshOnNavigation(props.navigation);
  if (reading) use(reading);
  const load = pageLoad(props.remote, props.exposed, props.attempt);
  const Page = use(load as Promise<ComponentType>);
  // Each view of the page is a load that worked (a failed one was reported where it failed).
  useEffect(() => reportRemoteLoad(props.remote), [load, props.remote]);
  // eslint-disable-next-line react-hooks/static-components -- one component per load, and loads are kept per remote, module, release and attempt: the same across renders.
  return <Page />;
}
