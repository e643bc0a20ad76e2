/* eslint-disable react-hooks/static-components -- lazyPage caches one component per remote/module/release/attempt, so <Page> is stable across renders. */
import { lazy, Suspense, use, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from '@agency/router';
import {
  currentRelease,
  loadRemotePage,
  refreshOnNavigation,
  RemoteUnavailableError,
  resetRemote,
  type RemoteName,
} from '../api/remote-registry';
import { PageSpinner } from '../../../components/page-spinner';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { PreviousReleaseNotice, RemoteIncompatible } from './remote-incompatible';
import { RemoteUnavailable } from './remote-unavailable';

const pages = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyPage(remote: RemoteName, exposed: string, release: string, attempt: number) {
  const key = `${remote}/${exposed}@${release}#${attempt}`;
  let page = pages.get(key);
  if (!page) {
    page = lazy(async () => {
      const { default: Page, replaced } = await loadRemotePage(remote, exposed);
      if (!replaced) return { default: Page };
      return {
        default: () => (
          <>
            <PreviousReleaseNotice />
            <Page />
          </>
        ),
      };
    });
    pages.set(key, page);
  }
  return page;
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
  const Page = lazyPage(
    props.remote,
    props.exposed,
    currentRelease(props.remote) ?? 'unconfigured',
    props.attempt,
  );
  return <Page />;
}
