/* eslint-disable react-hooks/static-components -- lazyPage caches one component per remote/module/attempt, so <Page> is stable across renders. */
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from '@agency/router';
import { loadRemotePage, resetRemote, type RemoteName } from '../api/remote-registry';
import { PageSpinner } from '../../../components/page-spinner';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteUnavailable } from './remote-unavailable';

const pages = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyPage(remote: RemoteName, exposed: string, attempt: number) {
  const key = `${remote}/${exposed}#${attempt}`;
  let page = pages.get(key);
  if (!page) {
    page = lazy(() => loadRemotePage(remote, exposed));
    pages.set(key, page);
  }
  return page;
}

/** Renders one exposed page of a remote, with a spinner while it loads and a Retry fallback if it fails. */
export function RemotePage({ remote, exposed }: { remote: RemoteName; exposed: string }) {
  const [attempt, setAttempt] = useState(0);
  const location = useLocation();
  const Page = lazyPage(remote, exposed, attempt);
  return (
    <RemoteErrorBoundary
      resetKey={`${remote}/${exposed}@${location.pathname}`}
      onRetry={() => {
        resetRemote(remote);
        setAttempt((n) => n + 1);
      }}
      fallback={({ retry }) => <RemoteUnavailable retry={retry} />}
    >
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
