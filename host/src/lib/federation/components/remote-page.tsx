import {
  Suspense,
  use,
  useCallback,
  useEffect,
  useReducer,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { useLocation, useNavigate } from '@agency/router';
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
import { answerNavigationWhileAsleep, whenFirstInput, type Woken } from '../../dom/first-input';
import type { RemoteRoute } from '../remote-route';
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

/** Marks a page that keeps its server HTML as it is, links and all, until the visitor's first input. */
export const HYDRATES_ON_FIRST_INPUT = 'data-hydrates-on-first-input';

/**
 * Whether this render takes over the server's HTML of a page that hydrates on the visitor's first input: its
 * wrapper is there and React has not claimed it yet (no fiber on it: a later navigation finds the one it drew),
 * and it holds the page, not the fallback the server left to the browser (the comment '$' opens a boundary the
 * server completed; '$!' one the browser must render).
 */
function isServerHtmlOfStaticPage(): boolean {
  const wrapper =
    typeof document === 'undefined' ? null : document.querySelector(`[${HYDRATES_ON_FIRST_INPUT}]`);
  if (!wrapper || Object.keys(wrapper).some((key) => key.startsWith('__reactFiber$'))) return false;
  const first = wrapper.firstChild;
  return first instanceof Comment && first.data === '$';
}

/**
 * Renders one exposed page of a remote's current release, with a spinner while it loads and a fallback if it
 * fails. A navigation may first re-read where the remote's releases live, so an open tab moves to a new
 * release on its next visit to that remote.
 *
 * A route with `hydrate: 'on-first-input'` (the public pages, whose content never changes after the server
 * rendered it) keeps the server's HTML as it is, and loads neither the federation runtime nor the remote, until
 * the visitor first uses the page (a pointer, a key, focus, a scroll) or navigates: a visitor who only reads
 * runs none of the page's code. Meanwhile its links to other pages go through the router. Rendered in the
 * browser (a navigation, or no server HTML), the page loads at once.
 */
export function RemotePage({ remote, exposed, hydrate }: RemoteRoute) {
  const [attempt, setAttempt] = useState(0);
  const location = useLocation();
  const navigate = useNavigate();
  // Decided once, on the first render.
  const [firstInput] = useState(() => {
    if (!hydrate || !isServerHtmlOfStaticPage()) return null;
    const input = whenFirstInput();
    // The load's outcome is read where the page renders (a failure shows there, with Retry).
    void input.woken.then(() => {
      pageLoad(remote, exposed, 0);
    });
    return input;
  });
  const [firstNavigation] = useState(location.key);
  // A navigation reaches into the page (React draws it anew once its code is there): its code is needed now.
  if (firstInput && location.key !== firstNavigation) firstInput.wake();
  // Until the page is hydrated, its links (and this page's section links) are answered here. Without a state
  // change once it is: a render from here would reach into the page's own deferred parts.
  const region = useRef<HTMLDivElement>(null);
  const navigateRef = useRef(navigate);
  const stopAnswering = useRef<(() => void) | null>(null);
  useEffect(() => {
    navigateRef.current = navigate;
  });
  useEffect(() => {
    if (!firstInput || !region.current) return;
    const stop = answerNavigationWhileAsleep(region.current, (to) => void navigateRef.current(to));
    stopAnswering.current = stop;
    return stop;
  }, [firstInput]);
  const onHydrated = useCallback(() => stopAnswering.current?.(), []);

  const page = (
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
        <CurrentRelease
          remote={remote}
          exposed={exposed}
          navigation={location.key}
          attempt={attempt}
          {...(firstInput && { until: firstInput.woken, onHydrated })}
        />
      </Suspense>
    </RemoteErrorBoundary>
  );
  // Rendered on the server too, so React finds the same elements when it hydrates; on every page, so a
  // navigation between remote pages keeps the same boundary (the old page stays until the new one is ready).
  // `display: contents` leaves the layout as if the page were not wrapped.
  return (
    <div ref={region} style={{ display: 'contents' }} {...(hydrate && { [HYDRATES_ON_FIRST_INPUT]: '' })}>
      {page}
    </div>
  );
}

function CurrentRelease(props: {
  remote: RemoteName;
  exposed: string;
  navigation: string;
  attempt: number;
  /** Server HTML kept until the visitor's first input: nothing loads before. */
  until?: Woken;
  onHydrated?: () => void;
}) {
  if (props.until) use(props.until as Promise<void>);
  const reading = refreshOnNavigation(props.navigation);
  if (reading) use(reading);
  const load = pageLoad(props.remote, props.exposed, props.attempt);
  const Page = use(load as Promise<ComponentType>);
  // Each view of the page is a load that worked (a failed one was reported where it failed).
  useEffect(() => reportRemoteLoad(props.remote), [load, props.remote]);
  const { onHydrated } = props;
  useEffect(() => onHydrated?.(), [onHydrated]);
  // eslint-disable-next-line react-hooks/static-components -- one component per load, and loads are kept per remote, module, release and attempt: the same across renders.
  return <Page />;
}
